CREATE TYPE "public"."activity_type" AS ENUM('ecology', 'education', 'social', 'sport', 'culture');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('upcoming', 'active', 'completed', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."moderation_status" AS ENUM('pending', 'approved', 'rejected', 'needs_changes');--> statement-breakpoint
CREATE TYPE "public"."news_category" AS ENUM('news', 'success');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('pending', 'approved', 'rejected', 'completed');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('admin', 'foundation', 'school', 'volunteer');--> statement-breakpoint
CREATE TYPE "public"."school_response_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."school_type" AS ENUM('state', 'private');--> statement-breakpoint
CREATE TYPE "public"."volunteer_request_status" AS ENUM('open', 'closed', 'fulfilled');--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"foundation_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"activity_type" "activity_type" NOT NULL,
	"status" "event_status" DEFAULT 'upcoming' NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"hours" smallint NOT NULL,
	"total_slots" integer,
	"reserved_slots" integer DEFAULT 0 NOT NULL,
	"min_participants" integer DEFAULT 1 NOT NULL,
	"age_restriction" smallint,
	"requirements" text,
	"skills" text,
	"additional_info" text,
	"contact_person_name" text,
	"contact_person_phone" text,
	"contact_person_email" text,
	"contact_person_telegram" text,
	"contact_person_vk" text,
	"image_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_total_slots_check" CHECK ("events"."total_slots" is null or "events"."total_slots" >= 1),
	CONSTRAINT "events_reserved_slots_check" CHECK ("events"."reserved_slots" >= 0 and ("events"."total_slots" is null or "events"."reserved_slots" <= "events"."total_slots")),
	CONSTRAINT "events_min_participants_check" CHECK ("events"."min_participants" >= 1),
	CONSTRAINT "events_hours_check" CHECK ("events"."hours" >= 1),
	CONSTRAINT "events_age_check" CHECK ("events"."age_restriction" is null or "events"."age_restriction" between 3 and 18),
	CONSTRAINT "events_time_check" CHECK ("events"."end_time" > "events"."start_time")
);
--> statement-breakpoint
CREATE TABLE "foundation_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"foundation_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "foundation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"foundation_id" integer NOT NULL,
	"event_title" text NOT NULL,
	"event_date" date NOT NULL,
	"volunteers_count" integer NOT NULL,
	"additional_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foundation_reports_volunteers_check" CHECK ("foundation_reports"."volunteers_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "foundations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text,
	"short_description" text,
	"description" text,
	"email" text,
	"phone" text,
	"address" text,
	"location" text,
	"website" text,
	"vk_link" text,
	"telegram_channel" text,
	"contact_person" text,
	"logo_image_id" integer,
	"moderation_status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"moderation_comment" text,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"directions" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text,
	"founded_year" smallint,
	"cover_image_id" integer,
	"video_presentation" text,
	"telegram_username" text,
	CONSTRAINT "foundations_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "foundations_founded_year_check" CHECK ("foundations"."founded_year" is null or "foundations"."founded_year" between 1800 and 2100)
);
--> statement-breakpoint
CREATE TABLE "hour_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"registration_id" integer,
	"event_id" integer,
	"event_title" text NOT NULL,
	"event_date" date NOT NULL,
	"foundation_name" text,
	"activity_type" "activity_type",
	"participant_count" integer NOT NULL,
	"hours" integer NOT NULL,
	"credited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_credits_hours_check" CHECK ("hour_credits"."hours" >= 0),
	CONSTRAINT "hour_credits_participant_count_check" CHECK ("hour_credits"."participant_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" "news_category" DEFAULT 'news' NOT NULL,
	"foundation_id" integer,
	"image_url" text,
	"image_id" integer,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"status" "registration_status" DEFAULT 'pending' NOT NULL,
	"participant_count" integer NOT NULL,
	"contact_person" text NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"contact_telegram" text,
	"contact_vk" text,
	"application_note" text,
	"rejection_reason" text,
	"hours_earned" integer,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "registrations_participant_count_check" CHECK ("registrations"."participant_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "school_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"volunteers_offered" integer NOT NULL,
	"message" text,
	"contact_person" text,
	"contact_phone" text,
	"contact_email" text,
	"status" "school_response_status" DEFAULT 'pending' NOT NULL,
	"processing_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "school_responses_offered_check" CHECK ("school_responses"."volunteers_offered" >= 1)
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text,
	"short_description" text,
	"description" text,
	"email" text,
	"phone" text,
	"address" text,
	"location" text,
	"website" text,
	"vk_link" text,
	"telegram_channel" text,
	"contact_person" text,
	"logo_image_id" integer,
	"moderation_status" "moderation_status" DEFAULT 'pending' NOT NULL,
	"moderation_comment" text,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"school_type" "school_type",
	CONSTRAINT "schools_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" NOT NULL,
	"notifications_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"foundation_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"event_date" date NOT NULL,
	"event_time" time NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"requirements" text,
	"volunteers_needed" integer NOT NULL,
	"status" "volunteer_request_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_requests_needed_check" CHECK ("volunteer_requests"."volunteers_needed" >= 1)
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundation_photos" ADD CONSTRAINT "foundation_photos_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundation_photos" ADD CONSTRAINT "foundation_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundation_reports" ADD CONSTRAINT "foundation_reports_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundations" ADD CONSTRAINT "foundations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundations" ADD CONSTRAINT "foundations_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundations" ADD CONSTRAINT "foundations_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foundations" ADD CONSTRAINT "foundations_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_credits" ADD CONSTRAINT "hour_credits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_credits" ADD CONSTRAINT "hour_credits_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_credits" ADD CONSTRAINT "hour_credits_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_responses" ADD CONSTRAINT "school_responses_request_id_volunteer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."volunteer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_responses" ADD CONSTRAINT "school_responses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_requests" ADD CONSTRAINT "volunteer_requests_foundation_id_foundations_id_fk" FOREIGN KEY ("foundation_id") REFERENCES "public"."foundations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date");--> statement-breakpoint
CREATE INDEX "events_foundation_date_idx" ON "events" USING btree ("foundation_id","date");--> statement-breakpoint
CREATE INDEX "events_activity_type_idx" ON "events" USING btree ("activity_type","date");--> statement-breakpoint
CREATE INDEX "events_age_idx" ON "events" USING btree ("age_restriction");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (to_tsvector('russian', "title" || ' ' || "description" || ' ' || "location"));--> statement-breakpoint
CREATE INDEX "foundation_photos_foundation_idx" ON "foundation_photos" USING btree ("foundation_id","position");--> statement-breakpoint
CREATE INDEX "foundation_reports_foundation_idx" ON "foundation_reports" USING btree ("foundation_id","created_at");--> statement-breakpoint
CREATE INDEX "foundations_moderation_idx" ON "foundations" USING btree ("moderation_status");--> statement-breakpoint
CREATE INDEX "foundations_directions_idx" ON "foundations" USING gin ("directions");--> statement-breakpoint
CREATE INDEX "foundations_search_idx" ON "foundations" USING gin (to_tsvector('russian', coalesce("name", '') || ' ' || coalesce("description", '')));--> statement-breakpoint
CREATE INDEX "hour_credits_school_idx" ON "hour_credits" USING btree ("school_id","event_date");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("is_published","created_at");--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("category");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_school_active_idx" ON "registrations" USING btree ("event_id","school_id") WHERE "registrations"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "registrations_event_status_idx" ON "registrations" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "registrations_school_status_idx" ON "registrations" USING btree ("school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "school_responses_request_school_idx" ON "school_responses" USING btree ("request_id","school_id");--> statement-breakpoint
CREATE INDEX "school_responses_school_idx" ON "school_responses" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "schools_moderation_idx" ON "schools" USING btree ("moderation_status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "volunteer_requests_foundation_idx" ON "volunteer_requests" USING btree ("foundation_id","created_at");--> statement-breakpoint
CREATE INDEX "volunteer_requests_status_idx" ON "volunteer_requests" USING btree ("status","event_date");