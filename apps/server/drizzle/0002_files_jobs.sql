CREATE TABLE "file_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"scope" integer NOT NULL,
	"source" integer DEFAULT 0 NOT NULL,
	"mime_type" text,
	"content_length" bigint,
	"blob_key" text,
	"thumbnail_key" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_modified" timestamp with time zone,
	"last_modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_parent_id_file_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_items_organization_parent" ON "file_items" USING btree ("organization_id","parent_id","type","name");--> statement-breakpoint
CREATE INDEX "file_items_parent" ON "file_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "file_items_owner" ON "file_items" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at" ON "jobs" USING btree ("status","run_at");