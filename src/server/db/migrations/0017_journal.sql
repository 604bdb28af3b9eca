-- Issue 53, item 4: the journal of who did what (docs/decisions/091). Rows are only ever added; the
-- trigger that refuses UPDATE and DELETE is db/functions/refuse_journal_changes.sql. No foreign keys: an
-- entry outlives what it names, and a cascade would change it.
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"actor_role" text,
	"actor_school_id" integer,
	"actor_foundation_id" integer,
	"school_id" integer,
	"foundation_id" integer,
	"event_id" integer,
	"application_id" integer,
	"event_title" text,
	"before" jsonb,
	"after" jsonb
);--> statement-breakpoint
CREATE INDEX "journal_entries_foundation_idx" ON "journal_entries" USING btree ("foundation_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entries_school_idx" ON "journal_entries" USING btree ("school_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entries_at_idx" ON "journal_entries" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);
