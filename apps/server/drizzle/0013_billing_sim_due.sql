-- The billing simulator's clock reads only the subscriptions with something due
-- (modules/billing/simulator/due.ts): each keeps when that is in its JSON (`_dueAt`, seconds).
-- A custom migration: the index is in neither schema.ts nor drizzle's snapshots, so a later
-- `npm run db:generate` has nothing to compare it with and leaves it alone.
CREATE INDEX "billing_sim_objects_due" ON "billing_sim_objects" USING btree (((data ->> '_dueAt')::bigint)) WHERE "object" = 'subscription';--> statement-breakpoint
-- Subscriptions saved before: due at once, the clock's first pass stores when they are next due.
UPDATE "billing_sim_objects" SET "data" = jsonb_set("data", '{_dueAt}', '0')
WHERE "object" = 'subscription' AND "data" ->> 'status' NOT IN ('canceled', 'incomplete_expired');
