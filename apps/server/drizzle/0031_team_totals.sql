-- The admin teams list (modules/admin/teams.ts) counted, for each of its rows, the team's active
-- members, files, rooms and the licenses its members' headset-store subscriptions give: six
-- subqueries a row, one a count of every file of the team. `team_totals` keeps those counts, one
-- row per team, so a row of the list is one read by key. The triggers below keep it in the
-- statement that writes a membership, a file, a room or a user's subscription, whatever writes it
-- (this version, a previous one during the rollout, SCIM, a cascade, an edit by hand); what
-- counts is the list's rule as it was: a member is a membership whose role is not None
-- (`activeMembershipSql`), a file an item of the team that is not a folder (type 1), a room one
-- of the team that is neither a template nor a meeting's temporary room, a headset-store license
-- an active member whose user has `has_meta_subscription` (licenses/accounting.ts).
-- Inserts and deletes are counted once per statement from its rows (transition tables): a team's
-- deletion removes its files 2,000 a statement, and one row updated per file would leave the
-- transaction a chain of versions to walk on every update. Each statement locks the totals rows
-- it changes in key order first, so two statements over several teams never wait in a circle.
-- Every statement is a no-op, or sets the totals again, when run a second time (the test does).
-- Custom SQL: drizzle's snapshots do not describe triggers.
CREATE TABLE IF NOT EXISTS "team_totals" (
	"organization_id" uuid PRIMARY KEY NOT NULL
		CONSTRAINT "team_totals_organization_id_organizations_id_fk"
		REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	"members" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"rooms" integer DEFAULT 0 NOT NULL,
	"meta_licenses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A new team starts at zero.
CREATE OR REPLACE FUNCTION "team_totals_new_team"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "team_totals" ("organization_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "team_totals_new_team" ON "organizations";--> statement-breakpoint
CREATE TRIGGER "team_totals_new_team"
  AFTER INSERT ON "organizations" FOR EACH ROW EXECUTE FUNCTION "team_totals_new_team"();--> statement-breakpoint
-- Files: the rows a statement inserted or deleted, by team. A truncate leaves none.
CREATE OR REPLACE FUNCTION "file_items_count_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "team_totals" SET "files" = 0 WHERE "files" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
      SELECT "organization_id" FROM new_rows WHERE "type" <> 1)
    ORDER BY "organization_id" FOR NO KEY UPDATE;
    UPDATE "team_totals" t SET "files" = t."files" + d."n"
    FROM (SELECT "organization_id", count(*)::int AS "n" FROM new_rows
      WHERE "organization_id" IS NOT NULL AND "type" <> 1 GROUP BY "organization_id") d
    WHERE t."organization_id" = d."organization_id";
  ELSE
    PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
      SELECT "organization_id" FROM old_rows WHERE "type" <> 1)
    ORDER BY "organization_id" FOR NO KEY UPDATE;
    UPDATE "team_totals" t SET "files" = t."files" - d."n"
    FROM (SELECT "organization_id", count(*)::int AS "n" FROM old_rows
      WHERE "organization_id" IS NOT NULL AND "type" <> 1 GROUP BY "organization_id") d
    WHERE t."organization_id" = d."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An item moved to another team or made a folder (or the reverse): out of one count, into the
-- other. Nothing writes that today; the rule holds whatever does.
CREATE OR REPLACE FUNCTION "file_items_move_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (OLD."organization_id", NEW."organization_id")
  ORDER BY "organization_id" FOR NO KEY UPDATE;
  IF OLD."type" <> 1 THEN
    UPDATE "team_totals" SET "files" = "files" - 1 WHERE "organization_id" = OLD."organization_id";
  END IF;
  IF NEW."type" <> 1 THEN
    UPDATE "team_totals" SET "files" = "files" + 1 WHERE "organization_id" = NEW."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "file_items_insert_team_totals" ON "file_items";--> statement-breakpoint
CREATE TRIGGER "file_items_insert_team_totals"
  AFTER INSERT ON "file_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "file_items_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "file_items_delete_team_totals" ON "file_items";--> statement-breakpoint
CREATE TRIGGER "file_items_delete_team_totals"
  AFTER DELETE ON "file_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "file_items_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "file_items_truncate_team_totals" ON "file_items";--> statement-breakpoint
CREATE TRIGGER "file_items_truncate_team_totals"
  AFTER TRUNCATE ON "file_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "file_items_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "file_items_move_team_totals" ON "file_items";--> statement-breakpoint
CREATE TRIGGER "file_items_move_team_totals"
  AFTER UPDATE OF "organization_id", "type" ON "file_items" FOR EACH ROW
  WHEN ((OLD."organization_id", OLD."type" <> 1) IS DISTINCT FROM (NEW."organization_id", NEW."type" <> 1))
  EXECUTE FUNCTION "file_items_move_in_team_totals"();--> statement-breakpoint
-- Rooms: the same, for the team's own rooms (not templates, not a meeting's temporary rooms).
CREATE OR REPLACE FUNCTION "rooms_count_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "team_totals" SET "rooms" = 0 WHERE "rooms" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
      SELECT "organization_id" FROM new_rows WHERE NOT "is_template" AND "meeting_id" IS NULL)
    ORDER BY "organization_id" FOR NO KEY UPDATE;
    UPDATE "team_totals" t SET "rooms" = t."rooms" + d."n"
    FROM (SELECT "organization_id", count(*)::int AS "n" FROM new_rows
      WHERE "organization_id" IS NOT NULL AND NOT "is_template" AND "meeting_id" IS NULL
      GROUP BY "organization_id") d
    WHERE t."organization_id" = d."organization_id";
  ELSE
    PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
      SELECT "organization_id" FROM old_rows WHERE NOT "is_template" AND "meeting_id" IS NULL)
    ORDER BY "organization_id" FOR NO KEY UPDATE;
    UPDATE "team_totals" t SET "rooms" = t."rooms" - d."n"
    FROM (SELECT "organization_id", count(*)::int AS "n" FROM old_rows
      WHERE "organization_id" IS NOT NULL AND NOT "is_template" AND "meeting_id" IS NULL
      GROUP BY "organization_id") d
    WHERE t."organization_id" = d."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A room moved to another team, made a template or a meeting's room, or the reverse.
CREATE OR REPLACE FUNCTION "rooms_move_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (OLD."organization_id", NEW."organization_id")
  ORDER BY "organization_id" FOR NO KEY UPDATE;
  IF NOT OLD."is_template" AND OLD."meeting_id" IS NULL THEN
    UPDATE "team_totals" SET "rooms" = "rooms" - 1 WHERE "organization_id" = OLD."organization_id";
  END IF;
  IF NOT NEW."is_template" AND NEW."meeting_id" IS NULL THEN
    UPDATE "team_totals" SET "rooms" = "rooms" + 1 WHERE "organization_id" = NEW."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "rooms_insert_team_totals" ON "rooms";--> statement-breakpoint
CREATE TRIGGER "rooms_insert_team_totals"
  AFTER INSERT ON "rooms" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "rooms_delete_team_totals" ON "rooms";--> statement-breakpoint
CREATE TRIGGER "rooms_delete_team_totals"
  AFTER DELETE ON "rooms" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "rooms_truncate_team_totals" ON "rooms";--> statement-breakpoint
CREATE TRIGGER "rooms_truncate_team_totals"
  AFTER TRUNCATE ON "rooms"
  FOR EACH STATEMENT EXECUTE FUNCTION "rooms_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "rooms_move_team_totals" ON "rooms";--> statement-breakpoint
CREATE TRIGGER "rooms_move_team_totals"
  AFTER UPDATE OF "organization_id", "is_template", "meeting_id" ON "rooms" FOR EACH ROW
  WHEN ((OLD."organization_id", NOT OLD."is_template" AND OLD."meeting_id" IS NULL)
    IS DISTINCT FROM (NEW."organization_id", NOT NEW."is_template" AND NEW."meeting_id" IS NULL))
  EXECUTE FUNCTION "rooms_move_in_team_totals"();--> statement-breakpoint
-- Memberships: the active ones a statement inserted or deleted, by team, and among them those
-- whose user has a headset-store subscription. The users are read FOR SHARE, before the totals
-- are locked: a subscription changed at the same time (users_subscription_team_totals, below)
-- finishes first and its value is the one read, or waits for this statement's transaction and
-- then sees its memberships. A user being deleted deletes their memberships first, while the
-- user's row is still there to read (users_leave_team_totals).
CREATE OR REPLACE FUNCTION "memberships_count_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "team_totals" SET "members" = 0, "meta_licenses" = 0
    WHERE "members" <> 0 OR "meta_licenses" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "users" WHERE "id" IN (SELECT "user_id" FROM new_rows WHERE "role" <> 'None')
    ORDER BY "id" FOR SHARE;
    PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
      SELECT "organization_id" FROM new_rows WHERE "role" <> 'None')
    ORDER BY "organization_id" FOR NO KEY UPDATE;
    UPDATE "team_totals" t
    SET "members" = t."members" + d."members", "meta_licenses" = t."meta_licenses" + d."meta"
    FROM (SELECT m."organization_id", count(*)::int AS "members",
        (count(*) FILTER (WHERE u."has_meta_subscription"))::int AS "meta"
      FROM new_rows m LEFT JOIN "users" u ON u."id" = m."user_id"
      WHERE m."role" <> 'None' GROUP BY m."organization_id") d
    WHERE t."organization_id" = d."organization_id";
  ELSE
    PERFORM 1 FROM "users" WHERE "id" IN (SELECT "user_id" FROM old_rows WHERE "role" <> 'None')
    ORDER BY "id" FOR SHARE;
    PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
      SELECT "organization_id" FROM old_rows WHERE "role" <> 'None')
    ORDER BY "organization_id" FOR NO KEY UPDATE;
    UPDATE "team_totals" t
    SET "members" = t."members" - d."members", "meta_licenses" = t."meta_licenses" - d."meta"
    FROM (SELECT m."organization_id", count(*)::int AS "members",
        (count(*) FILTER (WHERE u."has_meta_subscription"))::int AS "meta"
      FROM old_rows m LEFT JOIN "users" u ON u."id" = m."user_id"
      WHERE m."role" <> 'None' GROUP BY m."organization_id") d
    WHERE t."organization_id" = d."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A member removed (role None) or back, or a membership moved to another team or user.
CREATE OR REPLACE FUNCTION "memberships_move_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" IN (OLD."user_id", NEW."user_id") ORDER BY "id" FOR SHARE;
  PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (OLD."organization_id", NEW."organization_id")
  ORDER BY "organization_id" FOR NO KEY UPDATE;
  IF OLD."role" <> 'None' THEN
    UPDATE "team_totals" SET "members" = "members" - 1,
      "meta_licenses" = "meta_licenses" - (SELECT count(*)::int FROM "users"
        WHERE "id" = OLD."user_id" AND "has_meta_subscription")
    WHERE "organization_id" = OLD."organization_id";
  END IF;
  IF NEW."role" <> 'None' THEN
    UPDATE "team_totals" SET "members" = "members" + 1,
      "meta_licenses" = "meta_licenses" + (SELECT count(*)::int FROM "users"
        WHERE "id" = NEW."user_id" AND "has_meta_subscription")
    WHERE "organization_id" = NEW."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "memberships_insert_team_totals" ON "memberships";--> statement-breakpoint
CREATE TRIGGER "memberships_insert_team_totals"
  AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "memberships_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "memberships_delete_team_totals" ON "memberships";--> statement-breakpoint
CREATE TRIGGER "memberships_delete_team_totals"
  AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "memberships_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "memberships_truncate_team_totals" ON "memberships";--> statement-breakpoint
CREATE TRIGGER "memberships_truncate_team_totals"
  AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "memberships_count_in_team_totals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "memberships_move_team_totals" ON "memberships";--> statement-breakpoint
CREATE TRIGGER "memberships_move_team_totals"
  AFTER UPDATE OF "role", "organization_id", "user_id" ON "memberships" FOR EACH ROW
  WHEN ((OLD."role" <> 'None', OLD."organization_id", OLD."user_id")
    IS DISTINCT FROM (NEW."role" <> 'None', NEW."organization_id", NEW."user_id"))
  EXECUTE FUNCTION "memberships_move_in_team_totals"();--> statement-breakpoint
-- A user's headset-store subscription on or off: one license more or less in each team they are
-- an active member of. The user's row is locked by the update itself, so a membership written at
-- the same time is ordered with it (above).
CREATE OR REPLACE FUNCTION "users_subscription_in_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "team_totals" WHERE "organization_id" IN (
    SELECT "organization_id" FROM "memberships" WHERE "user_id" = NEW."id" AND "role" <> 'None')
  ORDER BY "organization_id" FOR NO KEY UPDATE;
  UPDATE "team_totals" t
  SET "meta_licenses" = t."meta_licenses" + CASE WHEN NEW."has_meta_subscription" THEN 1 ELSE -1 END
  FROM "memberships" m
  WHERE m."user_id" = NEW."id" AND m."role" <> 'None' AND t."organization_id" = m."organization_id";
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_subscription_team_totals" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_subscription_team_totals"
  AFTER UPDATE OF "has_meta_subscription" ON "users" FOR EACH ROW
  WHEN (OLD."has_meta_subscription" IS DISTINCT FROM NEW."has_meta_subscription")
  EXECUTE FUNCTION "users_subscription_in_team_totals"();--> statement-breakpoint
-- A user deleted: their memberships go first, counted out while the user's row (and its
-- subscription) can still be read; the cascade then finds none left.
CREATE OR REPLACE FUNCTION "users_leave_team_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "memberships" WHERE "user_id" = OLD."id";
  RETURN OLD;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_leave_team_totals" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_leave_team_totals"
  BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_leave_team_totals"();--> statement-breakpoint
-- The teams from before the triggers, counted as the list counted them: one pass over each table,
-- grouped by team (a subquery per team would be planned for an average team, and read the whole
-- of file_items for each team when one team holds most of the files). The triggers' locks on
-- the four tables (and on organizations) hold every write until this migration commits, so none
-- is missed or counted twice. A second run sets every team's totals to their counts again.
INSERT INTO "team_totals" ("organization_id", "members", "files", "rooms", "meta_licenses")
SELECT o."id", coalesce(m."members", 0), coalesce(f."files", 0), coalesce(r."rooms", 0),
  coalesce(m."meta", 0)
FROM "organizations" o
LEFT JOIN (
  SELECT m."organization_id", count(*)::int AS "members",
    (count(*) FILTER (WHERE u."has_meta_subscription"))::int AS "meta"
  FROM "memberships" m JOIN "users" u ON u."id" = m."user_id"
  WHERE m."role" <> 'None' GROUP BY m."organization_id"
) m ON m."organization_id" = o."id"
LEFT JOIN (
  SELECT "organization_id", count(*)::int AS "files" FROM "file_items"
  WHERE "organization_id" IS NOT NULL AND "type" <> 1 GROUP BY "organization_id"
) f ON f."organization_id" = o."id"
LEFT JOIN (
  SELECT "organization_id", count(*)::int AS "rooms" FROM "rooms"
  WHERE "organization_id" IS NOT NULL AND NOT "is_template" AND "meeting_id" IS NULL
  GROUP BY "organization_id"
) r ON r."organization_id" = o."id"
ON CONFLICT ("organization_id") DO UPDATE SET "members" = EXCLUDED."members",
  "files" = EXCLUDED."files", "rooms" = EXCLUDED."rooms", "meta_licenses" = EXCLUDED."meta_licenses";
