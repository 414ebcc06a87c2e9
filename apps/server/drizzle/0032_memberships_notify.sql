-- The access check remembers an active membership for a few seconds (platform/auth/
-- membershipCache.ts), so a team's list calls do not each ask for it. Every instance listens on
-- `roomscale_memberships` and forgets a membership the moment it changes or goes, wherever the
-- change was made (an API call on another instance, SCIM, a script, a team's deletion cascading):
-- the payload is `<organization id>:<user id>`, or `*` when the table was emptied. Memberships
-- that come in need no word (only live memberships are remembered). A notification is sent when
-- the transaction commits, never for one rolled back.
-- Custom SQL: drizzle's snapshots do not describe triggers.
CREATE FUNCTION "memberships_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('roomscale_memberships', '*');
  ELSE
    PERFORM pg_notify('roomscale_memberships', OLD."organization_id" || ':' || OLD."user_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_notify_change" AFTER UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "memberships_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "memberships_notify_truncate" AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "memberships_notify_change"();
