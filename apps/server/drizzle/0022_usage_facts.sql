CREATE TABLE "usage_check_ins" (
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	"seat_key" text NOT NULL,
	"device_name" text NOT NULL,
	"app_version" text,
	"conflicted" boolean NOT NULL,
	CONSTRAINT "usage_check_ins_owner_check" CHECK (("usage_check_ins"."user_id" is null) <> ("usage_check_ins"."guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "usage_meeting_joins" (
	"at" timestamp with time zone NOT NULL,
	"meeting_id" uuid NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"guest_id" uuid,
	"guest_email" text,
	CONSTRAINT "usage_meeting_joins_person_check" CHECK (("usage_meeting_joins"."user_id" is null) <> ("usage_meeting_joins"."guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "usage_member_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"licensed" boolean NOT NULL,
	"in_vr" boolean NOT NULL,
	"sessions" integer NOT NULL,
	"seconds_in_vr" integer NOT NULL,
	"meetings_joined" integer NOT NULL,
	CONSTRAINT "usage_member_days_organization_id_day_user_id_pk" PRIMARY KEY("organization_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "usage_room_changes" (
	"at" timestamp with time zone NOT NULL,
	"meeting_id" uuid NOT NULL,
	"organization_id" uuid,
	"from_room_id" uuid,
	"to_room_id" uuid NOT NULL,
	"by_user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_team_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"active_users" integer NOT NULL,
	"licensed_active_users" integer NOT NULL,
	"sessions" integer NOT NULL,
	"seconds_in_vr" integer NOT NULL,
	"meetings_held" integer NOT NULL,
	"user_attendees" integer NOT NULL,
	"guest_attendees" integer NOT NULL,
	"room_changes" integer NOT NULL,
	CONSTRAINT "usage_team_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_user_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"check_ins" integer NOT NULL,
	"sessions" integer NOT NULL,
	"seconds_in_vr" integer NOT NULL,
	"meetings_joined" integer NOT NULL,
	"first_seen_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "usage_user_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "usage_member_days" ADD CONSTRAINT "usage_member_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_member_days" ADD CONSTRAINT "usage_member_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_team_days" ADD CONSTRAINT "usage_team_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_check_ins_at" ON "usage_check_ins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "usage_check_ins_user_at" ON "usage_check_ins" USING btree ("user_id","at") WHERE "usage_check_ins"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_check_ins_guest_at" ON "usage_check_ins" USING btree ("guest_id","at") WHERE "usage_check_ins"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_meeting_joins_at" ON "usage_meeting_joins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "usage_meeting_joins_meeting_at" ON "usage_meeting_joins" USING btree ("meeting_id","at");--> statement-breakpoint
CREATE INDEX "usage_meeting_joins_organization_at" ON "usage_meeting_joins" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "usage_meeting_joins_user_at" ON "usage_meeting_joins" USING btree ("user_id","at") WHERE "usage_meeting_joins"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_room_changes_at" ON "usage_room_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "usage_room_changes_meeting_at" ON "usage_room_changes" USING btree ("meeting_id","at");--> statement-breakpoint
CREATE INDEX "usage_room_changes_organization_at" ON "usage_room_changes" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "usage_team_days_day" ON "usage_team_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "usage_user_days_day" ON "usage_user_days" USING btree ("day");