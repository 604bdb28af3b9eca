-- Issue 53, item 1: an organisation is its people (docs/decisions/091). Every school and foundation account
-- becomes the owner of its organisation, and the old one-account link goes, so that a person leaving no
-- longer takes the organisation with them and no code can keep reading that link by mistake.
CREATE TYPE "public"."member_role" AS ENUM('owner', 'coordinator', 'viewer');--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer,
	"foundation_id" integer,
	"role" "member_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "organisation_members_one_organisation" CHECK (num_nonnulls("school_id", "foundation_id") = 1)
);--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_members_school_idx" ON "organisation_members" USING btree ("school_id") WHERE "organisation_members"."school_id" is not null;--> statement-breakpoint
CREATE INDEX "organisation_members_foundation_idx" ON "organisation_members" USING btree ("foundation_id") WHERE "organisation_members"."foundation_id" is not null;--> statement-breakpoint
INSERT INTO "organisation_members" ("user_id", "school_id", "role", "created_at")
	SELECT "user_id", "id", 'owner', "created_at" FROM "schools" ORDER BY "id";--> statement-breakpoint
INSERT INTO "organisation_members" ("user_id", "foundation_id", "role", "created_at")
	SELECT "user_id", "id", 'owner', "created_at" FROM "foundations" ORDER BY "id";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
DROP INDEX "foundations_moderation_queue_idx";--> statement-breakpoint
DROP INDEX "schools_moderation_queue_idx";--> statement-breakpoint
ALTER TABLE "foundations" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "user_id";--> statement-breakpoint
CREATE INDEX "foundations_moderation_queue_idx" ON "foundations" USING btree (("moderation_status" = 'pending') DESC,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "schools_moderation_queue_idx" ON "schools" USING btree (("moderation_status" = 'pending') DESC,"created_at" DESC,"id" DESC);
