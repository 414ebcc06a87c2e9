ALTER TABLE "auth_throttle" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_throttle_account" ON "auth_throttle" USING btree ("account");