CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"entity_id" text,
	"organization_id" uuid,
	"organization_name" text,
	"actor_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"target_user_id" uuid,
	"target_name" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"description" text NOT NULL,
	"user_amount" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_modified" timestamp with time zone,
	"last_modified_by" uuid,
	CONSTRAINT "manual_licenses_users_check" CHECK ("manual_licenses"."user_amount" >= 1),
	CONSTRAINT "manual_licenses_period_check" CHECK ("manual_licenses"."starts_at" < "manual_licenses"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "license_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_licenses" ADD CONSTRAINT "manual_licenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_org_at" ON "audit_log" USING btree ("organization_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_at" ON "audit_log" USING btree ("target_user_id","at","id");--> statement-breakpoint
CREATE INDEX "downloads_user_platform_at" ON "downloads" USING btree ("user_id","platform","at");--> statement-breakpoint
CREATE INDEX "manual_licenses_org_end" ON "manual_licenses" USING btree ("organization_id","ends_at");--> statement-breakpoint
CREATE INDEX "memberships_org_license" ON "memberships" USING btree ("organization_id","license_type");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_payment_customer" ON "organizations" USING btree ("payment_customer_id") WHERE "organizations"."payment_customer_id" is not null;--> statement-breakpoint
UPDATE "memberships" SET "license_assigned_at" = coalesce("last_modified", "created") WHERE "license_type" = 'License';
