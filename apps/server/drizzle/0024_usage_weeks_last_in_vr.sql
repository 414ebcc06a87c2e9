CREATE TABLE "usage_member_last_in_vr" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_in_vr_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_member_last_in_vr_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "usage_member_weeks" (
	"organization_id" uuid NOT NULL,
	"week" date NOT NULL,
	"user_id" uuid NOT NULL,
	"in_vr" boolean NOT NULL,
	"licensed_in_vr" boolean NOT NULL,
	CONSTRAINT "usage_member_weeks_organization_id_week_user_id_pk" PRIMARY KEY("organization_id","week","user_id")
);
--> statement-breakpoint
CREATE TABLE "usage_rollup_backfills" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_team_licenses" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"licenses_held" integer NOT NULL,
	CONSTRAINT "usage_team_licenses_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_team_weeks" (
	"organization_id" uuid NOT NULL,
	"week" date NOT NULL,
	"active_users" integer NOT NULL,
	"licenses_used" integer NOT NULL,
	CONSTRAINT "usage_team_weeks_organization_id_week_pk" PRIMARY KEY("organization_id","week")
);
--> statement-breakpoint
ALTER TABLE "usage_member_last_in_vr" ADD CONSTRAINT "usage_member_last_in_vr_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_member_last_in_vr" ADD CONSTRAINT "usage_member_last_in_vr_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_member_weeks" ADD CONSTRAINT "usage_member_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_member_weeks" ADD CONSTRAINT "usage_member_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_team_licenses" ADD CONSTRAINT "usage_team_licenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_team_weeks" ADD CONSTRAINT "usage_team_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_member_last_in_vr_organization_at" ON "usage_member_last_in_vr" USING btree ("organization_id","last_in_vr_at");--> statement-breakpoint
CREATE INDEX "usage_member_days_day" ON "usage_member_days" USING btree ("day");