-- The admin user search on stored lower-case names (users.name_key, first_name_key, last_name_key), kept by a trigger on every insert and update, whatever writes the row: this version's code, a previous version's instance during the rollout (which does not know the columns), SCIM, sign-in provisioning or an edit by hand. Each statement is a no-op when done before by hand (docs/deployment.md, "Rolling out a new version").
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "name_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "first_name_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "last_name_key" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_name_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.first_name_key := lower(NEW.first_name);
  NEW.last_name_key := lower(NEW.last_name);
  NEW.name_key := NEW.first_name_key || ' ' || NEW.last_name_key;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_name_keys" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_name_keys" BEFORE INSERT OR UPDATE OF "first_name", "last_name", "name_key", "first_name_key", "last_name_key" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_name_keys"();--> statement-breakpoint
-- The rows from before the trigger (the trigger computes the keys). One statement: seconds at 200,000 users; a larger platform runs it in batches before the rollout (docs/deployment.md), and then this finds no row.
UPDATE "users" SET "name_key" = '' WHERE "name_key" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_key_trgm" ON "users" USING gin ("name_key" gin_trgm_ops);
