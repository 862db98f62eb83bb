-- The chain's lock and its head in one round trip (docs/security.md#audit-chain). A statement
-- inside a volatile function takes a fresh snapshot, so the head read after the lock is the
-- newest committed event, as a second statement after the lock would see it.
CREATE SCHEMA IF NOT EXISTS audit_chain;
--> statement-breakpoint
CREATE FUNCTION audit_chain.lock_head(lock_key bigint) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(lock_key);
	RETURN (SELECT a.hash FROM audit_events a ORDER BY a.id DESC LIMIT 1);
END
$$;
