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
-- The functions' signatures change, so the old ones are dropped rather than replaced.
DROP FUNCTION "register_application"(integer, integer, date, integer, text, text, text, text, text, text, text, text);--> statement-breakpoint
DROP FUNCTION "cancel_application"(integer, integer, integer, text, text);--> statement-breakpoint
-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- Places of an event have freed up (a cancellation, a rejection, a partial approval, a lowered number,
-- more places): the waitlisted applications that fit become pending, first come first served, skipping
-- only those too large for what is free. The caller holds the lock on the event row, as every writer of
-- applications does, so two writers freeing places at once promote one after the other and never more
-- than fits. Nothing is promoted for an event that is over, cancelled or past its day.
create or replace function promote_waitlist(
  p_event_id integer,
  p_today date,
  -- format() templates with %1$s the school, %2$s the event, %3$s the number of participants
  p_school_notice text,
  p_foundation_notice text,
  p_unnamed_school text,
  out promoted integer
)
language plpgsql
as $$
declare
  target record;
  waiting record;
  free integer;
begin
  promoted := 0;
  select e.title, e.date, e.status, e.total_slots, e.reserved_slots, f.user_id as foundation_user_id
    into target
    from events e
    join foundations f on f.id = e.foundation_id
   where e.id = p_event_id;
  if not found or target.status not in ('upcoming', 'active') or target.date < p_today then return; end if;
  -- null: the event has no limit, and every waiting application fits
  free := target.total_slots - target.reserved_slots;

  for waiting in
    select r.id, r.participant_count, s.user_id as school_user_id, s.name as school_name
      from registrations r
      join schools s on s.id = r.school_id
     where r.event_id = p_event_id and r.status = 'waitlisted'
     order by r.registered_at, r.id
       for update of r
  loop
    exit when free <= 0;
    continue when waiting.participant_count > free;
    update registrations set status = 'pending' where id = waiting.id;
    update events set reserved_slots = reserved_slots + waiting.participant_count where id = p_event_id;
    free := free - waiting.participant_count;
    insert into notifications (user_id, kind, text, link)
    values (waiting.school_user_id, 'waitlist_promoted',
            format(p_school_notice, coalesce(waiting.school_name, p_unnamed_school), target.title,
                   waiting.participant_count),
            '/school-applications'),
           (target.foundation_user_id, 'application_received',
            format(p_foundation_notice, coalesce(waiting.school_name, p_unnamed_school), target.title,
                   waiting.participant_count),
            '/foundation-applications');
    promoted := promoted + 1;
  end loop;
end
$$;
--> statement-breakpoint
-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- A school applies for an event: the lock on the event row, the rules and the writes in one round trip
-- (src/server/registrations/service.ts calls it with named arguments and turns the outcome into the
-- answer). Outcomes: created, waitlisted, not_a_school, event_not_found, school_not_approved, past_event,
-- closed_event, already_applied, consent_required, no_places, not_enough_places (places_left says how many
-- remain). With p_waitlist an application that does not fit joins the waitlist instead of being refused;
-- one that fits is an ordinary pending application.
create or replace function register_application(
  p_user_id integer,
  p_event_id integer,
  p_today date,
  p_participant_count integer,
  p_contact_person text,
  p_contact_phone text,
  p_contact_email text,
  p_contact_telegram text,
  p_contact_vk text,
  p_application_note text,
  -- the school confirms it holds the parents' written consent for its pupils under 14
  p_parental_consent boolean,
  p_waitlist boolean,
  -- format() templates with %1$s the school, %2$s the event, %3$s the number of participants
  p_notice text,
  p_waitlist_notice text,
  p_unnamed_school text,
  out outcome text,
  out application_id integer,
  out places_left integer
)
language plpgsql
as $$
declare
  target record;
begin
  -- The event row is locked first, as by every writer of applications, so that two schools racing for
  -- the last places are served one after the other and concurrent writers queue instead of deadlocking.
  select s.id as school_id, s.name as school_name, s.moderation_status as school_status,
         e.title, e.date, e.status, e.total_slots, e.reserved_slots, e.age_restriction,
         f.moderation_status as foundation_status, f.user_id as foundation_user_id,
         exists (
           select from registrations r
            where r.event_id = e.id and r.school_id = s.id and r.status in ('waitlisted', 'pending', 'approved')
         ) as already_applied
    into target
    from events e
    join foundations f on f.id = e.foundation_id
    join schools s on s.user_id = p_user_id
   where e.id = p_event_id
     for update of e;
  if not found then
    outcome := case when exists (select from schools where user_id = p_user_id)
                    then 'event_not_found' else 'not_a_school' end;
    return;
  end if;
  if target.school_status <> 'approved' then outcome := 'school_not_approved'; return; end if;
  if target.foundation_status <> 'approved' or target.status = 'canceled' then
    outcome := 'event_not_found';
    return;
  end if;
  if target.date < p_today then outcome := 'past_event'; return; end if;
  if target.status = 'completed' then outcome := 'closed_event'; return; end if;
  if target.already_applied then outcome := 'already_applied'; return; end if;
  -- Pupils under 14 take part only with their parents' written consent (the terms); an event without an
  -- age limit, or one below 14, admits them.
  if coalesce(target.age_restriction, 0) < 14 and p_parental_consent is not true then
    outcome := 'consent_required';
    return;
  end if;
  if target.total_slots is not null then
    places_left := target.total_slots - target.reserved_slots;
    if p_participant_count > places_left then
      if not p_waitlist then
        outcome := case when places_left <= 0 then 'no_places' else 'not_enough_places' end;
        return;
      end if;
      outcome := 'waitlisted';
    end if;
  end if;

  -- The check above read the school's applications before the lock was granted; a second tab of the
  -- same school that applied meanwhile is caught by the unique index instead.
  insert into registrations (event_id, school_id, status, participant_count, contact_person, contact_phone,
                             contact_email, contact_telegram, contact_vk, application_note,
                             parental_consent_by, parental_consent_at)
  values (p_event_id, target.school_id,
          case when outcome = 'waitlisted' then 'waitlisted' else 'pending' end::registration_status,
          p_participant_count, p_contact_person, p_contact_phone, p_contact_email, p_contact_telegram,
          p_contact_vk, p_application_note,
          -- kept only where it was asked for, so that the foundation is never shown a consent it did not need
          case when coalesce(target.age_restriction, 0) < 14 then p_user_id end,
          case when coalesce(target.age_restriction, 0) < 14 then now() end)
  on conflict (event_id, school_id) where status in ('waitlisted', 'pending', 'approved') do nothing
  returning id into application_id;
  if application_id is null then outcome := 'already_applied'; return; end if;

  if outcome = 'waitlisted' then
    insert into notifications (user_id, kind, text, link)
    values (target.foundation_user_id, 'waitlist_joined',
            format(p_waitlist_notice, coalesce(target.school_name, p_unnamed_school), target.title,
                   p_participant_count),
            '/foundation-applications');
    return;
  end if;
  update events set reserved_slots = reserved_slots + p_participant_count where id = p_event_id;
  insert into notifications (user_id, kind, text, link)
  values (target.foundation_user_id, 'application_received',
          format(p_notice, coalesce(target.school_name, p_unnamed_school), target.title, p_participant_count),
          '/foundation-applications');
  outcome := 'created';
end
$$;
--> statement-breakpoint
-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- The school cancels its pending or approved application, or leaves the waitlist, named by the
-- application's id or by the event; the application is deleted, its places are freed and the waitlist
-- moves up (promote_waitlist). Outcomes: cancelled, left_waitlist, not_a_school, not_found, not_yours,
-- cannot_cancel.
create or replace function cancel_application(
  p_user_id integer,
  p_application_id integer,
  p_event_id integer,
  p_today date,
  -- format() templates with %1$s the school, %2$s the event, %3$s the number of participants
  p_notice text,
  p_waitlist_notice text,
  p_promoted_school_notice text,
  p_promoted_foundation_notice text,
  p_unnamed_school text,
  out outcome text
)
language plpgsql
as $$
declare
  target record;
begin
  if p_application_id is null then
    select r.id into p_application_id
      from registrations r
      join schools s on s.id = r.school_id
     where r.event_id = p_event_id and s.user_id = p_user_id
       and r.status in ('waitlisted', 'pending', 'approved');
  end if;
  -- The event row first, then the application: the order every writer keeps.
  select r.id, r.event_id, r.status, r.participant_count, s.user_id = p_user_id as mine,
         s.name as school_name, e.title, f.user_id as foundation_user_id
    into target
    from events e
    join registrations r on r.event_id = e.id
    join schools s on s.id = r.school_id
    join foundations f on f.id = e.foundation_id
   where r.id = p_application_id
     for update of e, r;
  -- Only a school account learns whether the application exists.
  if not found then
    outcome := case when exists (select from schools where user_id = p_user_id) then 'not_found'
                    else 'not_a_school' end;
    return;
  end if;
  if not target.mine then
    outcome := case when exists (select from schools where user_id = p_user_id) then 'not_yours'
                    else 'not_a_school' end;
    return;
  end if;
  if target.status not in ('waitlisted', 'pending', 'approved') then outcome := 'cannot_cancel'; return; end if;

  delete from registrations where id = target.id;
  insert into notifications (user_id, kind, text, link)
  values (target.foundation_user_id,
          case when target.status = 'waitlisted' then 'waitlist_left' else 'application_cancelled' end,
          format(case when target.status = 'waitlisted' then p_waitlist_notice else p_notice end,
                 coalesce(target.school_name, p_unnamed_school), target.title, target.participant_count),
          '/foundation-applications');
  if target.status <> 'waitlisted' then
    update events set reserved_slots = greatest(0, reserved_slots - target.participant_count)
     where id = target.event_id;
    perform promote_waitlist(p_event_id => target.event_id, p_today => p_today,
                             p_school_notice => p_promoted_school_notice,
                             p_foundation_notice => p_promoted_foundation_notice,
                             p_unnamed_school => p_unnamed_school);
  end if;
  outcome := case when target.status = 'waitlisted' then 'left_waitlist' else 'cancelled' end;
end
$$;
