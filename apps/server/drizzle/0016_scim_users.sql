CREATE TABLE "scim_users" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_users_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_external_id" ON "scim_users" USING btree ("organization_id","external_id");