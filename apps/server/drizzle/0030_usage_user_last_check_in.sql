-- 'Last in VR' (modules/insight/queries.ts `lastInVr`) takes a user's latest check-in among the
-- facts kept; the team users page read it for each member by a backward walk of
-- `usage_check_ins_user_at`, half of that statement's time. `usage_user_last_check_in` keeps it:
-- one row per user with facts, their greatest `at`, none once they have no fact left. The triggers
-- below keep it in the statement that writes or deletes the facts, whatever does it (the usage
-- recorder's batched inserts, the retention sweep, a deleted account's facts, an edit by hand).
-- Custom SQL: drizzle's snapshots do not describe triggers.
CREATE TABLE "usage_user_last_check_in" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- One function for the three events, run once per statement with its rows (transition tables).
-- Facts gone (deleted, or moved by an update): a user whose latest fact may be among them takes
-- the latest left, or loses their row. Their rows are locked in key order first, as the inserts'
-- upsert takes them, so a sweep and a batch of check-ins never wait on each other in a circle; a
-- check-in inserted meanwhile (not yet committed) waits for this and then raises the time again.
-- Facts come in: each user's latest of them, if later than the one kept.
CREATE FUNCTION "usage_check_ins_keep_last"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM "usage_user_last_check_in" k
    WHERE k."user_id" IN (SELECT "user_id" FROM old_rows WHERE "user_id" IS NOT NULL)
    ORDER BY k."user_id" FOR UPDATE;
    WITH gone AS (
      SELECT "user_id", max("at") AS "at" FROM old_rows WHERE "user_id" IS NOT NULL
      GROUP BY "user_id"
    ), latest AS (
      SELECT g."user_id", g."at" AS "gone_at",
        (SELECT max(ci."at") FROM "usage_check_ins" ci WHERE ci."user_id" = g."user_id") AS "at"
      FROM gone g
    ), moved AS (
      UPDATE "usage_user_last_check_in" k SET "at" = l."at" FROM latest l
      WHERE k."user_id" = l."user_id" AND k."at" <= l."gone_at" AND l."at" IS NOT NULL
    )
    DELETE FROM "usage_user_last_check_in" k USING latest l
    WHERE k."user_id" = l."user_id" AND k."at" <= l."gone_at" AND l."at" IS NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "usage_user_last_check_in" AS k ("user_id", "at")
      SELECT "user_id", max("at") FROM new_rows WHERE "user_id" IS NOT NULL
      GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "at" = EXCLUDED."at" WHERE k."at" < EXCLUDED."at";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usage_check_ins_keep_last_insert"
  AFTER INSERT ON "usage_check_ins" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "usage_check_ins_keep_last"();--> statement-breakpoint
CREATE TRIGGER "usage_check_ins_keep_last_update"
  AFTER UPDATE ON "usage_check_ins" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "usage_check_ins_keep_last"();--> statement-breakpoint
CREATE TRIGGER "usage_check_ins_keep_last_delete"
  AFTER DELETE ON "usage_check_ins" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "usage_check_ins_keep_last"();--> statement-breakpoint
CREATE FUNCTION "usage_check_ins_truncate_last"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "usage_user_last_check_in";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usage_check_ins_truncate_last"
  AFTER TRUNCATE ON "usage_check_ins"
  FOR EACH STATEMENT EXECUTE FUNCTION "usage_check_ins_truncate_last"();--> statement-breakpoint
-- The facts written before the triggers. Creating them locked the facts' table against writes
-- until this migration commits, so none is missed between the two.
INSERT INTO "usage_user_last_check_in" AS k ("user_id", "at")
SELECT "user_id", max("at") FROM "usage_check_ins" WHERE "user_id" IS NOT NULL GROUP BY "user_id"
ON CONFLICT ("user_id") DO UPDATE SET "at" = EXCLUDED."at" WHERE k."at" < EXCLUDED."at";
