-- Indexes for the server-side lists (docs/benchmarks.md, "lists"): sort orders, and trigram indexes
-- so that keyword search ("contains") does not scan whole tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_first_name_idx ON users (first_name, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_last_name_idx ON users (last_name, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_created_idx ON users (created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invitations_created_idx ON invitations (created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm ON users USING gin ((email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS audit_search_trgm ON audit_events USING gin ((actor_email || ' ' || action || ' ' || target || ' ' || ip) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS company_sn_trgm ON company_serial_numbers USING gin (sn gin_trgm_ops);
