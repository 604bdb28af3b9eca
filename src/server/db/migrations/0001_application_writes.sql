-- A school's two writes of volume, applying for an event and cancelling the application, each as one
-- function call: the lock, the rules and the writes in a single round trip, with plans PostgreSQL
-- prepares once per connection instead of on every request (docs/decisions.md, "Speed").
-- The functions answer an outcome code; src/server/registrations/service.ts turns it into the answer
-- and the Russian message, and passes in the notification texts and today's date in APP_TIMEZONE.

-- Outcomes: created, not_a_school, event_not_found, school_not_approved, past_event, closed_event,
-- already_applied, no_places, not_enough_places (places_left says how many remain).
create function register_application(
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
  -- format() template with %1$s the school, %2$s the event, %3$s the number of participants
  p_notice text,
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
         e.title, e.date, e.status, e.total_slots, e.reserved_slots,
         f.moderation_status as foundation_status, f.user_id as foundation_user_id,
         exists (
           select from registrations r
            where r.event_id = e.id and r.school_id = s.id and r.status in ('pending', 'approved')
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
  if target.total_slots is not null then
    places_left := target.total_slots - target.reserved_slots;
    if places_left <= 0 then outcome := 'no_places'; return; end if;
    if p_participant_count > places_left then outcome := 'not_enough_places'; return; end if;
  end if;

  -- The check above read the school's applications before the lock was granted; a second tab of the
  -- same school that applied meanwhile is caught by the unique index instead.
  insert into registrations (event_id, school_id, status, participant_count, contact_person, contact_phone,
                             contact_email, contact_telegram, contact_vk, application_note)
  values (p_event_id, target.school_id, 'pending', p_participant_count, p_contact_person, p_contact_phone,
          p_contact_email, p_contact_telegram, p_contact_vk, p_application_note)
  on conflict (event_id, school_id) where status in ('pending', 'approved') do nothing
  returning id into application_id;
  if application_id is null then outcome := 'already_applied'; return; end if;

  update events set reserved_slots = reserved_slots + p_participant_count where id = p_event_id;
  insert into notifications (user_id, kind, text, link)
  values (target.foundation_user_id, 'application_received',
          format(p_notice, coalesce(target.school_name, p_unnamed_school), target.title, p_participant_count),
          '/foundation-applications');
  outcome := 'created';
end
$$;
--> statement-breakpoint

-- The school cancels its pending or approved application, named by its id or by the event; it is deleted
-- and its places are freed. Outcomes: cancelled, not_a_school, not_found, not_yours, cannot_cancel.
create function cancel_application(
  p_user_id integer,
  p_application_id integer,
  p_event_id integer,
  -- format() template with %1$s the school and %2$s the event
  p_notice text,
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
     where r.event_id = p_event_id and s.user_id = p_user_id and r.status in ('pending', 'approved');
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
  if target.status not in ('pending', 'approved') then outcome := 'cannot_cancel'; return; end if;

  delete from registrations where id = target.id;
  update events set reserved_slots = greatest(0, reserved_slots - target.participant_count)
   where id = target.event_id;
  insert into notifications (user_id, kind, text, link)
  values (target.foundation_user_id, 'application_cancelled',
          format(p_notice, coalesce(target.school_name, p_unnamed_school), target.title),
          '/foundation-applications');
  outcome := 'cancelled';
end
$$;
