-- The devices list's latest refused device per row (modules/insight/devices.ts): one probe of a
-- person's refused check-ins instead of a walk of every check-in of their day.
CREATE INDEX "usage_check_ins_user_conflicted_at" ON "usage_check_ins" USING btree ("user_id","at") WHERE "usage_check_ins"."user_id" is not null and "usage_check_ins"."conflicted";
