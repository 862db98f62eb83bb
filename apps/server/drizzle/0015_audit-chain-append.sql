-- An audited change's events chained and inserted in one statement (docs/security.md#audit-chain):
-- the chain's lock, its head, each event's time and hash, and the insert happen inside one call,
-- so the lock is held for that statement and the commit, not for a round trip more. The caller
-- sends each event's columns and its canonical content in two parts around the time, which only
-- this function knows (taken after the lock, so `created_at` stays in id order); the hash is
-- sha256 over the previous hash, a newline and those parts joined, exactly as audit-chain.ts
-- computes and verifies it.
CREATE FUNCTION audit_chain.append(lock_key bigint, events jsonb) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	prev text;
	at timestamptz;
	stamp text;
	e jsonb;
	ids bigint[] := '{}';
	prevs text[] := '{}';
	hashes text[] := '{}';
BEGIN
	PERFORM pg_advisory_xact_lock(lock_key);
	prev := coalesce((SELECT a.hash FROM audit_events a ORDER BY a.id DESC LIMIT 1), repeat('0', 64));
	at := date_trunc('milliseconds', clock_timestamp());
	stamp := to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
	FOR e IN SELECT x.value FROM jsonb_array_elements(events) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
		ids := ids || nextval('audit_events_id_seq'::regclass);
		prevs := prevs || prev;
		prev := encode(sha256(convert_to(prev || E'\n' || (e->>'before') || stamp || (e->>'after'), 'UTF8')), 'hex');
		hashes := hashes || prev;
	END LOOP;
	INSERT INTO audit_events (id, created_at, actor_user_id, actor_email, company_id, action, target, ip, result, detail, prev_hash, hash)
	SELECT ids[x.n], at, (x.value->>'actorUserId')::uuid, x.value->>'actorEmail', (x.value->>'companyId')::uuid,
		x.value->>'action', x.value->>'target', x.value->>'ip', x.value->>'result', x.value->'detail', prevs[x.n], hashes[x.n]
	FROM jsonb_array_elements(events) WITH ORDINALITY AS x(value, n)
	ORDER BY x.n;
END
$$;
