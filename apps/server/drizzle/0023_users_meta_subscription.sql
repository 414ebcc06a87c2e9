-- Members with a headset-store subscription, each a license of their teams: the license count probes this small index per member instead of reading each member's row.
CREATE INDEX "users_meta_subscription" ON "users" USING btree ("id") WHERE "users"."has_meta_subscription";
