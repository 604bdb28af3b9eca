-- Issue 25: proof of hours. A school's certificates as issued (their facts kept for /verify), one code per
-- pupil who came to a completed event (no pupil's name anywhere), and a school's yearly goal of hours.
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"school_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"facts" jsonb NOT NULL,
	"facts_digest" text NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_period_check" CHECK ("certificates"."period_from" <= "certificates"."period_to")
);
--> statement-breakpoint
CREATE TABLE "participation_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"hour_credit_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"registration_id" integer,
	"hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"replaces_id" integer,
	CONSTRAINT "participation_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "participation_codes_hours_check" CHECK ("participation_codes"."hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "yearly_hours_goal" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_codes" ADD CONSTRAINT "participation_codes_hour_credit_id_hour_credits_id_fk" FOREIGN KEY ("hour_credit_id") REFERENCES "public"."hour_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_codes" ADD CONSTRAINT "participation_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_codes" ADD CONSTRAINT "participation_codes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_codes" ADD CONSTRAINT "participation_codes_replaces_id_participation_codes_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."participation_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_school_idx" ON "certificates" USING btree ("school_id","issued_at");--> statement-breakpoint
CREATE INDEX "participation_codes_credit_idx" ON "participation_codes" USING btree ("hour_credit_id");--> statement-breakpoint
CREATE INDEX "participation_codes_school_idx" ON "participation_codes" USING btree ("school_id");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_yearly_hours_goal_check" CHECK ("schools"."yearly_hours_goal" is null or "schools"."yearly_hours_goal" > 0);