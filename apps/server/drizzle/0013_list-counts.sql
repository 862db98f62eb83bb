-- Rows per company of the big lists, kept by statement-level triggers so that a list page does
-- not count a million rows (docs/list-queries.md). In a schema of their own: backups, restores and
-- drizzle-kit read only the public schema, and the triggers rebuild these from the rows restored.
-- Each statement appends one delta row per company it changed (no row is ever updated, so
-- concurrent writers never wait on one another); readers sum the deltas and fold them now and then.
CREATE SCHEMA IF NOT EXISTS list_counts;
--> statement-breakpoint
CREATE TABLE list_counts.deltas (
	tbl text NOT NULL,
	-- A row without a company (a platform-wide audit event) counts under ffffffff-...: the nil UUID
	-- is what the API puts in a company filter that matches nothing.
	company_id uuid NOT NULL,
	n bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX deltas_tbl_idx ON list_counts.deltas (tbl, company_id);
--> statement-breakpoint
-- TG_ARGV[0]: which rows count (invitations: only those neither used nor withdrawn).
CREATE FUNCTION list_counts.on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	counted text := coalesce(TG_ARGV[0], 'true');
	changed text;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM list_counts.deltas WHERE tbl = TG_TABLE_NAME;
		RETURN NULL;
	END IF;
	changed := concat_ws(' union all ',
		CASE WHEN TG_OP IN ('INSERT', 'UPDATE')
			THEN format('select company_id, 1 as n from new_rows where %s', counted) END,
		CASE WHEN TG_OP IN ('UPDATE', 'DELETE')
			THEN format('select company_id, -1 as n from old_rows where %s', counted) END);
	EXECUTE format(
		'insert into list_counts.deltas (tbl, company_id, n)
		 select %L, coalesce(company_id, ''ffffffff-ffff-ffff-ffff-ffffffffffff''), sum(n)
		 from (%s) changed group by 2 having sum(n) <> 0',
		TG_TABLE_NAME, changed);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_counts_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_trunc AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_ins AFTER INSERT ON invitations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change('used_at is null and withdrawn_at is null');
--> statement-breakpoint
CREATE TRIGGER list_counts_upd AFTER UPDATE ON invitations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change('used_at is null and withdrawn_at is null');
--> statement-breakpoint
CREATE TRIGGER list_counts_del AFTER DELETE ON invitations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change('used_at is null and withdrawn_at is null');
--> statement-breakpoint
CREATE TRIGGER list_counts_trunc AFTER TRUNCATE ON invitations FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_ins AFTER INSERT ON audit_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_upd AFTER UPDATE ON audit_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_del AFTER DELETE ON audit_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_trunc AFTER TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_ins AFTER INSERT ON company_serial_numbers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_upd AFTER UPDATE ON company_serial_numbers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_del AFTER DELETE ON company_serial_numbers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
CREATE TRIGGER list_counts_trunc AFTER TRUNCATE ON company_serial_numbers FOR EACH STATEMENT EXECUTE FUNCTION list_counts.on_change();
--> statement-breakpoint
-- The rows already there, counted in the same transaction that created the triggers (which holds
-- off writers to these tables until it commits).
INSERT INTO list_counts.deltas (tbl, company_id, n)
	SELECT 'users', company_id, count(*) FROM users GROUP BY company_id
	UNION ALL SELECT 'invitations', company_id, count(*) FROM invitations
		WHERE used_at IS NULL AND withdrawn_at IS NULL GROUP BY company_id
	UNION ALL SELECT 'audit_events', coalesce(company_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), count(*)
		FROM audit_events GROUP BY 2
	UNION ALL SELECT 'company_serial_numbers', company_id, count(*) FROM company_serial_numbers GROUP BY company_id;
--> statement-breakpoint
-- Newest-first audit pages read (created_at, id) straight from the index, with no sort of ties.
DROP INDEX IF EXISTS audit_created_idx;
--> statement-breakpoint
CREATE INDEX audit_created_idx ON audit_events USING btree (created_at, id);
