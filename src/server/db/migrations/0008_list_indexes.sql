-- Every list reads a page through an index in the list's own order, and counts from an index (issue 27).
-- The public events list: upcoming events by day ascending, past ones by day descending, both without
-- cancelled events; foundation_id is carried so that the count joins the foundations from the index alone.
CREATE INDEX "events_upcoming_order_idx" ON "events" USING btree ("date","start_time","id") INCLUDE ("foundation_id") WHERE "events"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "events_past_order_idx" ON "events" USING btree ("date" DESC,"start_time","id") INCLUDE ("foundation_id") WHERE "events"."status" <> 'canceled';--> statement-breakpoint
-- A foundation's events by id alone: counting a big foundation's applications joins them from the index
-- (an index-only scan) instead of reading every event.
CREATE INDEX "events_foundation_ids_idx" ON "events" USING btree ("foundation_id","id");--> statement-breakpoint
-- A school's applications, newest first, and every application newest first (a foundation's list walks it).
CREATE INDEX "registrations_school_registered_idx" ON "registrations" USING btree ("school_id","registered_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "registrations_registered_idx" ON "registrations" USING btree ("registered_at" DESC,"id" DESC);--> statement-breakpoint
-- The volunteer requests: open ones first, newest first within a status.
CREATE INDEX "volunteer_requests_list_idx" ON "volunteer_requests" USING btree ((case "status" when 'open' then 0 else 1 end),"created_at" DESC,"id" DESC) INCLUDE ("foundation_id");--> statement-breakpoint
-- The administrator's accounts, newest first.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
-- The published news, newest first; drafts are few and read by the administrator only.
CREATE INDEX "news_published_created_idx" ON "news" USING btree ("created_at" DESC,"id" DESC) WHERE "news"."is_published";
--> statement-breakpoint
-- The public foundations list is ordered by how many events each has; counting them for every foundation
-- on every request read all 50,000 events. The number is kept on the foundation instead, by the triggers
-- of src/server/db/functions/count_foundation_events.sql, and the list walks foundations_list_idx.
ALTER TABLE "foundations" ADD COLUMN "events_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "foundations" SET "events_count" = (
  SELECT count(*) FROM "events" WHERE "events"."foundation_id" = "foundations"."id" AND "events"."status" <> 'canceled'
);--> statement-breakpoint
CREATE INDEX "foundations_list_idx" ON "foundations" USING btree ("moderation_status","events_count" DESC,"name","id");
