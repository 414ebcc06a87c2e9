-- The team's devices list (modules/insight/queries.ts) walks `team_seats`: one row per active
-- membership of a user holding a seat, with the seat's last check-in, so a team's first page reads
-- its first rows of `team_seats_last_seen` instead of every membership and seat of the team. The
-- triggers below keep it in the statement that writes the seat or the membership, whatever writes
-- it (this version, a previous one during the rollout, SCIM, an edit by hand); the cascades drop a
-- row with its seat (released) or its membership. Custom SQL: drizzle's snapshots do not describe
-- triggers. "Active" is `activeMembershipSql` (modules/organizations/membership.ts): role <> 'None'.
CREATE TABLE "team_seats" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_seats_user_id_organization_id_pk" PRIMARY KEY("user_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_user_id_seats_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."seats"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_membership_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_seats_last_seen" ON "team_seats" USING btree ("organization_id","last_seen_at" DESC NULLS FIRST,"user_id");--> statement-breakpoint
-- A check-in moves its user's rows (the seat's own update stays one statement, no read). Only the
-- team rows change index entries; the seat row's update stays a HOT update.
CREATE FUNCTION "seats_pass_to_team_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_seats" SET "last_seen_at" = NEW."last_seen_at" WHERE "user_id" = NEW."user_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "seats_pass_to_team_seats"
  AFTER UPDATE OF "last_seen_at" ON "seats" FOR EACH ROW
  WHEN (OLD."last_seen_at" IS DISTINCT FROM NEW."last_seen_at")
  EXECUTE FUNCTION "seats_pass_to_team_seats"();--> statement-breakpoint
-- A seat taken (a first check-in, or the first after a release) enters each team of its user.
-- The user's row is locked first, as a membership's trigger below locks it: a seat and a
-- membership written at once are ordered, so the later one sees the other (neither sees an
-- uncommitted row, and a seat that does not exist yet has no row to lock).
CREATE FUNCTION "seats_enter_team_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR NO KEY UPDATE;
  INSERT INTO "team_seats" ("organization_id", "user_id", "last_seen_at")
    SELECT m."organization_id", NEW."user_id", NEW."last_seen_at" FROM "memberships" m
    WHERE m."user_id" = NEW."user_id" AND m."role" <> 'None'
  ON CONFLICT ("user_id", "organization_id") DO UPDATE SET "last_seen_at" = EXCLUDED."last_seen_at";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "seats_enter_team_seats"
  AFTER INSERT ON "seats" FOR EACH ROW EXECUTE FUNCTION "seats_enter_team_seats"();--> statement-breakpoint
-- A member who joins (or comes back) while holding a seat enters the team's rows with the seat's
-- time; one who leaves (role None) leaves them. The seat is read FOR SHARE: a check-in under way
-- finishes first and its time is the one copied, and a later check-in waits for this row.
CREATE FUNCTION "memberships_pass_to_team_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."role" = 'None' THEN
    DELETE FROM "team_seats"
    WHERE "user_id" = NEW."user_id" AND "organization_id" = NEW."organization_id";
  ELSE
    PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR NO KEY UPDATE;
    INSERT INTO "team_seats" ("organization_id", "user_id", "last_seen_at")
      SELECT NEW."organization_id", s."user_id", s."last_seen_at" FROM "seats" s
      WHERE s."user_id" = NEW."user_id" FOR SHARE
    ON CONFLICT ("user_id", "organization_id") DO UPDATE SET "last_seen_at" = EXCLUDED."last_seen_at";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_enter_team_seats"
  AFTER INSERT ON "memberships" FOR EACH ROW WHEN (NEW."role" <> 'None')
  EXECUTE FUNCTION "memberships_pass_to_team_seats"();--> statement-breakpoint
CREATE TRIGGER "memberships_pass_to_team_seats"
  AFTER UPDATE OF "role" ON "memberships" FOR EACH ROW
  WHEN ((OLD."role" = 'None') IS DISTINCT FROM (NEW."role" = 'None'))
  EXECUTE FUNCTION "memberships_pass_to_team_seats"();--> statement-breakpoint
-- The seats held before the triggers. The triggers' locks on seats and memberships hold every
-- write until this migration commits, so no seat or membership is missed between the two.
INSERT INTO "team_seats" ("organization_id", "user_id", "last_seen_at")
SELECT m."organization_id", s."user_id", s."last_seen_at"
FROM "memberships" m JOIN "seats" s ON s."user_id" = m."user_id"
WHERE m."role" <> 'None'
ON CONFLICT ("user_id", "organization_id") DO NOTHING;
