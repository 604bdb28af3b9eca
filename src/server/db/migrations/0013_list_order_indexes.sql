-- The foundations a visitor may not see (awaiting moderation or rejected): the public lists leave their
-- events out with one hashed look-up of these few ids per event (events/queries.ts, publiclyVisible)
-- instead of joining every event the page walks to its foundation.
CREATE INDEX "foundations_hidden_idx" ON "foundations" USING btree ("id") WHERE "moderation_status" <> 'approved';--> statement-breakpoint
-- The administrator's events, the latest day first, whatever their status: a far page walked the date
-- index and sorted each day's events by time (6.7 ms for page 100 of twenty at 50,000 events).
CREATE INDEX "events_admin_order_idx" ON "events" USING btree ("date" DESC, "start_time" DESC, "id" DESC);
