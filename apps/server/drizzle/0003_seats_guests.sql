CREATE TABLE "guest_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_seats" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"seat_key" text NOT NULL,
	"device_name" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guest_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seat_key" text NOT NULL,
	"device_name" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_seats" ADD CONSTRAINT "guest_seats_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_codes_email_created" ON "guest_codes" USING btree ("email","created");--> statement-breakpoint
CREATE INDEX "guest_codes_ip_created" ON "guest_codes" USING btree ("ip","created");--> statement-breakpoint
CREATE INDEX "guest_sessions_guest" ON "guest_sessions" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_email_key" ON "guests" USING btree ("email");