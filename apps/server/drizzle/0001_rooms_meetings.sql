CREATE TABLE "meeting_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"participant_type" text NOT NULL,
	"invited" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_rooms" (
	"meeting_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meeting_rooms_meeting_id_room_id_pk" PRIMARY KEY("meeting_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"timezone_label" text DEFAULT 'UTC' NOT NULL,
	"current_room_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_by_guest_email" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone,
	"last_modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "room_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"meeting_id" uuid,
	"kind" text NOT NULL,
	"is_static" boolean DEFAULT false NOT NULL,
	"data" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_modified" timestamp with time zone,
	"last_modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "room_template_organizations" (
	"room_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	CONSTRAINT "room_template_organizations_room_id_organization_id_pk" PRIMARY KEY("room_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"image_url" text,
	"scene_name" text DEFAULT '' NOT NULL,
	"addressable_url_android" text,
	"addressable_url_windows" text,
	"addressable_url_mac" text,
	"max_users" integer NOT NULL,
	"persistent" boolean DEFAULT false NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sharing_type" text NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid,
	"template_id" uuid,
	"meeting_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_modified" timestamp with time zone,
	"last_modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_current_room_id_rooms_id_fk" FOREIGN KEY ("current_room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_data" ADD CONSTRAINT "room_data_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_data" ADD CONSTRAINT "room_data_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_template_organizations" ADD CONSTRAINT "room_template_organizations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_template_organizations" ADD CONSTRAINT "room_template_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_template_id_rooms_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_participants_meeting_email" ON "meeting_participants" USING btree ("meeting_id","email");--> statement-breakpoint
CREATE INDEX "meeting_participants_user" ON "meeting_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meeting_participants_email" ON "meeting_participants" USING btree ("email");--> statement-breakpoint
CREATE INDEX "meeting_rooms_room" ON "meeting_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_code_key" ON "meetings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "meetings_organization_start" ON "meetings" USING btree ("organization_id","start_date");--> statement-breakpoint
CREATE INDEX "meetings_end" ON "meetings" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "room_data_room" ON "room_data" USING btree ("room_id","kind");--> statement-breakpoint
CREATE INDEX "room_data_meeting" ON "room_data" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "room_template_organizations_org" ON "room_template_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "rooms_organization" ON "rooms" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "rooms_owner_user" ON "rooms" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "rooms_template" ON "rooms" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "rooms_meeting" ON "rooms" USING btree ("meeting_id");