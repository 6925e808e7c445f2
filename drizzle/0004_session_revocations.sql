-- Every way a session ends (sign-out, password change or reset, "sign out everywhere",
-- suspension, account deletion) deletes its row; the live-message hubs of every instance hear of
-- it here and re-check the member's open event streams (docs/decisions/008).
CREATE OR REPLACE FUNCTION souqna_session_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('souqna_sessions', OLD.user_id);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_revoked ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION souqna_session_revoked();
