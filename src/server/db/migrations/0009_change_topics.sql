-- Issue 27: a write drops only the cached answers it can change, in every process. The notices of
-- migration 0003 said only 'content' or 'accounts', so another process emptied its whole public cache on
-- any write anywhere: one application a second kept the home list mostly uncached. Each notice now names
-- the table, and for the two tables written with every application, the rows' subject: the events of
-- changed applications, and changed events. src/server/db/change-feed.ts reads it and
-- src/server/db/change-topics.ts says which cached answers that drops.
--
-- Payload '<kind>:<table>:<ids>:<origin>': ids comma-joined, or empty when the notice does not say or
-- there were more than 100 (the payload must stay under PostgreSQL's 8000 bytes), which drops what
-- depends on the table at all. origin, the writer's application_name, comes last as it may hold a colon.
-- Statement-level still: one notice per statement and subject, and identical notices in a transaction
-- are still sent once. Transition tables hold the statement's rows; PostgreSQL allows them on triggers
-- for one event each, hence a trigger per event. The functions and triggers first defined here are in
-- src/server/db/functions (announce_*.sql), applied after the migrations; the catch-all triggers of
-- these two tables give way to them.
drop trigger if exists registrations_changed on registrations;
--> statement-breakpoint
drop trigger if exists events_changed on events;
