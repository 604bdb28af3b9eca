-- Issue 24: attendance, partial approval, a waitlist, parents' consent and a foundation's own ledger.
--
-- The new status 'waitlisted' is added by recreating the type rather than by ALTER TYPE ... ADD VALUE:
-- the migrator runs every pending migration in one transaction, and PostgreSQL refuses a value added in
-- the same transaction in the partial index below.
DROP INDEX "registrations_event_school_active_idx";--> statement-breakpoint
ALTER TYPE "public"."registration_status" RENAME TO "registration_status_before_waitlist";--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('waitlisted', 'pending', 'approved', 'rejected', 'completed');--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "status" TYPE "public"."registration_status" USING "status"::text::"public"."registration_status";--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
DROP TYPE "public"."registration_status_before_waitlist";--> statement-breakpoint
ALTER TABLE "hour_credits" ADD COLUMN "foundation_id" integer;--> statement-breakpoint
ALTER TABLE "hour_credits" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "requested_count" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "attended_count" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "parental_consent_by" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "parental_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hour_credits" ADD CONSTRAINT "hour_credits_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_parental_consent_by_users_id_fk" FOREIGN KEY ("parental_consent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hour_credits_foundation_idx" ON "hour_credits" USING btree ("foundation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_school_active_idx" ON "registrations" USING btree ("event_id","school_id") WHERE "registrations"."status" in ('waitlisted', 'pending', 'approved');--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_attended_count_check" CHECK ("registrations"."attended_count" is null or "registrations"."attended_count" between 0 and "registrations"."participant_count");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_requested_count_check" CHECK ("registrations"."requested_count" is null or "registrations"."requested_count" > "registrations"."participant_count");--> statement-breakpoint
-- The foundation that credited each entry, from its event; entries whose event was deleted already are
-- matched by the foundation's name where exactly one foundation bears it.
UPDATE "hour_credits" SET "foundation_id" = "events"."foundation_id" FROM "events" WHERE "events"."id" = "hour_credits"."event_id";--> statement-breakpoint
UPDATE "hour_credits" SET "foundation_id" = (SELECT "id" FROM "foundations" WHERE "foundations"."name" = "hour_credits"."foundation_name") WHERE "foundation_id" IS NULL AND (SELECT count(*) FROM "foundations" WHERE "foundations"."name" = "hour_credits"."foundation_name") = 1;--> statement-breakpoint
-- The functions' signatures change, so the old ones are dropped rather than replaced; the new ones,
-- with promote_waitlist, are in src/server/db/functions, applied after the migrations.
DROP FUNCTION IF EXISTS "register_application"(integer, integer, date, integer, text, text, text, text, text, text, text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "cancel_application"(integer, integer, integer, text, text);
