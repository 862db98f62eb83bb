-- audit_chain.lock_head (migration 0014) has had no caller since audit_chain.append (0015) took
-- the lock and read the head itself (docs/security.md#audit-chain).
DROP FUNCTION audit_chain.lock_head(bigint);
