-- Issue 51, item 9: a foundation corrects who came within 14 days of completing an event, and everything
-- that follows attendance follows the correction.
--
-- A credit whose pupils all turn out not to have come keeps its row with 0 pupils and 0 hours: its pupils'
-- codes hang from it (ON DELETE CASCADE), and a revoked code must still say at /verify what it was for
-- and why it was revoked. Reads that list or count credits skip the empty ones.
ALTER TABLE "hour_credits" DROP CONSTRAINT "hour_credits_participant_count_check";--> statement-breakpoint
ALTER TABLE "hour_credits" ADD CONSTRAINT "hour_credits_participant_count_check" CHECK ("hour_credits"."participant_count" >= 0);--> statement-breakpoint
-- Why a code was revoked: null for a code the school replaced (the only reason before), else the reason.
ALTER TABLE "participation_codes" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "participation_codes" ADD CONSTRAINT "participation_codes_revoked_reason_check" CHECK ("participation_codes"."revoked_reason" is null or ("participation_codes"."revoked_reason" = 'attendance_corrected' and "participation_codes"."revoked_at" is not null));--> statement-breakpoint
-- Who changed whose attendance, when, from what to what: kept when the event or the application goes.
CREATE TABLE "attendance_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer,
	"registration_id" integer,
	"school_id" integer,
	"foundation_id" integer,
	"event_title" text NOT NULL,
	"corrected_by" integer,
	"corrected_at" timestamp with time zone NOT NULL,
	"attended_before" integer NOT NULL,
	"attended_after" integer NOT NULL,
	"hours_before" integer NOT NULL,
	"hours_after" integer NOT NULL,
	"codes_revoked" integer NOT NULL,
	"codes_issued" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_corrections_event_idx" ON "attendance_corrections" USING btree ("event_id","corrected_at");
