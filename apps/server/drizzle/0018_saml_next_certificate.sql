ALTER TABLE "saml_providers" ADD COLUMN "next_certificate" text;--> statement-breakpoint
ALTER TABLE "saml_providers" ADD COLUMN "next_certificate_valid_to" timestamp with time zone;