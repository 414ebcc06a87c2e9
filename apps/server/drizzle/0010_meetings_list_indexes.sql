DROP INDEX "meeting_participants_user";--> statement-breakpoint
DROP INDEX "meeting_participants_email";--> statement-breakpoint
DROP INDEX "meetings_end";--> statement-breakpoint
DROP INDEX "meetings_organization_start";--> statement-breakpoint
CREATE INDEX "meeting_participants_user_meeting" ON "meeting_participants" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_participants_email_meeting" ON "meeting_participants" USING btree ("email","meeting_id");--> statement-breakpoint
CREATE INDEX "meetings_organization_end" ON "meetings" USING btree ("organization_id","end_date");--> statement-breakpoint
CREATE INDEX "meetings_organization_long_running" ON "meetings" USING btree ("organization_id","end_date") WHERE "meetings"."end_date" - "meetings"."start_date" > interval '1 day';--> statement-breakpoint
CREATE INDEX "meetings_creator_start" ON "meetings" USING btree ("created_by_user_id","organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "meetings_organization_start" ON "meetings" USING btree ("organization_id","start_date","id");