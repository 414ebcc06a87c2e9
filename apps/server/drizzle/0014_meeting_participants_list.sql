-- A member's meetings list walks the member's own participant rows in the list's order
-- (modules/meetings/list.ts): each row carries its meeting's team and times. The two triggers
-- below keep those copies (custom SQL: drizzle's snapshots do not describe triggers).
DROP INDEX "meeting_participants_user_meeting";--> statement-breakpoint
DROP INDEX "meeting_participants_email_meeting";--> statement-breakpoint
DROP INDEX "meetings_creator_start";--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD COLUMN "start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
UPDATE "meeting_participants" mp SET "organization_id" = m."organization_id",
  "start_date" = m."start_date", "end_date" = m."end_date"
FROM "meetings" m WHERE m."id" = mp."meeting_id";--> statement-breakpoint
-- A participant row always takes its meeting's values, whatever the statement wrote.
CREATE FUNCTION "meeting_participants_take_meeting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m."organization_id", m."start_date", m."end_date"
    INTO NEW."organization_id", NEW."start_date", NEW."end_date"
    FROM "meetings" m WHERE m."id" = NEW."meeting_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "meeting_participants_take_meeting"
  BEFORE INSERT OR UPDATE OF "meeting_id", "organization_id", "start_date", "end_date"
  ON "meeting_participants" FOR EACH ROW EXECUTE FUNCTION "meeting_participants_take_meeting"();--> statement-breakpoint
-- A meeting moved in time (or to another team) moves its rows with it.
CREATE FUNCTION "meetings_pass_to_participants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "meeting_participants" SET "organization_id" = NEW."organization_id",
    "start_date" = NEW."start_date", "end_date" = NEW."end_date"
  WHERE "meeting_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "meetings_pass_to_participants"
  AFTER UPDATE OF "organization_id", "start_date", "end_date" ON "meetings" FOR EACH ROW
  WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
    OR OLD."start_date" IS DISTINCT FROM NEW."start_date"
    OR OLD."end_date" IS DISTINCT FROM NEW."end_date")
  EXECUTE FUNCTION "meetings_pass_to_participants"();--> statement-breakpoint
CREATE INDEX "meeting_participants_user_list" ON "meeting_participants" USING btree ("user_id","organization_id","start_date","meeting_id","end_date");--> statement-breakpoint
CREATE INDEX "meeting_participants_email_list" ON "meeting_participants" USING btree ("email","organization_id","start_date","meeting_id","end_date");--> statement-breakpoint
CREATE INDEX "meetings_creator_start" ON "meetings" USING btree ("created_by_user_id","organization_id","start_date","id","end_date");
