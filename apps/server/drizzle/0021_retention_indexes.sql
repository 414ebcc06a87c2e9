CREATE INDEX "auth_throttle_failures_quiet" ON "auth_throttle" USING btree (greatest("locked_until", "last_failure_at", "window_start")) WHERE "auth_throttle"."last_success_at" is null;--> statement-breakpoint
CREATE INDEX "auth_throttle_last_success" ON "auth_throttle" USING btree ("last_success_at") WHERE "auth_throttle"."last_success_at" is not null;--> statement-breakpoint
CREATE INDEX "billing_events_received" ON "billing_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "guest_codes_expiry" ON "guest_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "guest_sessions_ended" ON "guest_sessions" USING btree (least("revoked_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "sessions_ended" ON "sessions" USING btree (least("revoked_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "team_invitations_ended" ON "team_invitations" USING btree (least("answered_at", "expires_at")) WHERE "team_invitations"."kind" = 'existing_account';--> statement-breakpoint
CREATE INDEX "user_tokens_ended" ON "user_tokens" USING btree (least("used_at", "expires_at"));