ALTER TABLE "file_items" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_items" ADD COLUMN "owner_guest_email" text;--> statement-breakpoint
CREATE INDEX "file_items_guest" ON "file_items" USING btree ("owner_guest_email","parent_id") WHERE "file_items"."owner_guest_email" is not null;--> statement-breakpoint
CREATE INDEX "file_items_blob_key" ON "file_items" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "file_items_thumbnail_key" ON "file_items" USING btree ("thumbnail_key");--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_owner_check" CHECK (("file_items"."organization_id" is not null) <> ("file_items"."owner_guest_email" is not null));