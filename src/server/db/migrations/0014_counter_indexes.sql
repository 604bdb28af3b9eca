-- The counters every signed-in page reads with the profile (profile/service.ts) and the foundation's
-- dashboard (foundations/stats.ts) are counted from indexes alone (issue 27). A big foundation's
-- upcoming events were counted by reading each of its events' heap pages (380 pages for 1,250 events,
-- 6 ms on PGlite), its credited hours by reading every credit (2.9 ms), a school's hours likewise.
-- A foundation's events by status: counting them all, or the upcoming and active ones, reads this
-- index only; id is kept last so that a foundation's applications still join its events from it.
DROP INDEX IF EXISTS "events_foundation_ids_idx";--> statement-breakpoint
CREATE INDEX "events_foundation_status_idx" ON "events" USING btree ("foundation_id","status","id");--> statement-breakpoint
-- A foundation's credited hours, summed from the index.
DROP INDEX IF EXISTS "hour_credits_foundation_idx";--> statement-breakpoint
CREATE INDEX "hour_credits_foundation_idx" ON "hour_credits" USING btree ("foundation_id","hours");--> statement-breakpoint
-- A school's credited hours and entries, the withdrawn ones left out, from the index it lists them by.
DROP INDEX IF EXISTS "hour_credits_school_idx";--> statement-breakpoint
CREATE INDEX "hour_credits_school_idx" ON "hour_credits" USING btree ("school_id","event_date") INCLUDE ("hours","withdrawn_at");
