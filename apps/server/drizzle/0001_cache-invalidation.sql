-- Every API node caches sessions and profiles briefly; these triggers tell all of them (through
-- LISTEN tkc_cache) which user's entries to drop the moment a change commits. '*' drops all.
CREATE OR REPLACE FUNCTION tkc_notify_user_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tkc_cache', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('tkc_cache', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('tkc_cache', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tkc_notify_users_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('tkc_cache', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tkc_notify_all_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('tkc_cache', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION tkc_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER role_grants_cache_notify AFTER INSERT OR UPDATE OR DELETE ON role_grants
  FOR EACH ROW EXECUTE FUNCTION tkc_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION tkc_notify_users_change();
--> statement-breakpoint
CREATE TRIGGER companies_cache_notify AFTER UPDATE OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION tkc_notify_all_change();
