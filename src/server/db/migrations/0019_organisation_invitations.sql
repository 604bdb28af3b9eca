-- Issue 53, item 2: invitations into a team (docs/decisions/091). Only the SHA-256 of a link's token is
-- kept, as with password reset links.
CREATE TABLE "organisation_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"foundation_id" integer,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "organisation_invitations_one_organisation" CHECK (num_nonnulls("school_id", "foundation_id") = 1)
);--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_token_idx" ON "organisation_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organisation_invitations_school_idx" ON "organisation_invitations" USING btree ("school_id") WHERE "organisation_invitations"."school_id" is not null;--> statement-breakpoint
CREATE INDEX "organisation_invitations_foundation_idx" ON "organisation_invitations" USING btree ("foundation_id") WHERE "organisation_invitations"."foundation_id" is not null;
