-- Substring search in the admin lists (pg_trgm is a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "organizations_name_order" ON "organizations" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "organizations_name_trgm" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_company_name_trgm" ON "organizations" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_order" ON "users" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);