CREATE TABLE "sso_certificate_warnings" (
	"provider_id" text NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"days_ahead" integer NOT NULL,
	"sent" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_certificate_warnings_provider_id_valid_to_days_ahead_pk" PRIMARY KEY("provider_id","valid_to","days_ahead")
);
--> statement-breakpoint
ALTER TABLE "sso_certificate_warnings" ADD CONSTRAINT "sso_certificate_warnings_provider_id_saml_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."saml_providers"("id") ON DELETE cascade ON UPDATE no action;