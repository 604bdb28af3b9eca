-- A school applies for an event: the lock on the event row, the rules and the writes in one round trip
-- (src/server/registrations/service.ts calls it with named arguments and turns the outcome into the
-- answer). Outcomes: created, waitlisted, not_a_school, event_not_found, school_not_approved, past_event,
-- closed_event, already_applied, consent_required, no_places, not_enough_places (places_left says how many
-- remain). With p_waitlist an application that does not fit joins the waitlist instead of being refused;
-- one that fits is an ordinary pending application. p_user_id is the person applying, a member of the
-- school (organisation_members); the foundation's notice goes to each member of the foundation.
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
         f.moderation_status as foundation_status, f.id as foundation_id,
         exists (
           select from registrations r
            where r.event_id = e.id and r.school_id = s.id and r.status in ('waitlisted', 'pending', 'approved')
         ) as already_applied
    into target
    from events e
    join foundations f on f.id = e.foundation_id
    join organisation_members m on m.user_id = p_user_id
    join schools s on s.id = m.school_id
   where e.id = p_event_id
     for update of e;
  if not found then
    outcome := case when exists (select from organisation_members
                                  where user_id = p_user_id and school_id is not null)
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

  -- The journal (docs/decisions/091): who applied, with their name and role as they are now, in this same
  -- call, so that the benchmarked one-statement write stays one round trip. Both the school and the
  -- foundation read it; an application that joined the waitlist is recorded as that.
  insert into journal_entries (kind, actor_user_id, actor_name, actor_role, actor_school_id, school_id,
                               foundation_id, event_id, application_id, event_title, after)
  select case when outcome = 'waitlisted' then 'application.waitlisted' else 'application.submitted' end,
         u.id, u.username, m.role::text, m.school_id, target.school_id, target.foundation_id, p_event_id,
         application_id, target.title,
         jsonb_build_object('participantCount', p_participant_count,
                            'status', case when outcome = 'waitlisted' then 'waitlisted' else 'pending' end)
    from users u
    join organisation_members m on m.user_id = u.id
   where u.id = p_user_id;

  if outcome = 'waitlisted' then
    insert into notifications (user_id, kind, text, link)
    select m.user_id, 'waitlist_joined',
           format(p_waitlist_notice, coalesce(target.school_name, p_unnamed_school), target.title,
                  p_participant_count),
           '/foundation-applications'
      from organisation_members m
     where m.foundation_id = target.foundation_id
     order by m.user_id;
    return;
  end if;
  update events set reserved_slots = reserved_slots + p_participant_count where id = p_event_id;
  insert into notifications (user_id, kind, text, link)
  select m.user_id, 'application_received',
         format(p_notice, coalesce(target.school_name, p_unnamed_school), target.title, p_participant_count),
         '/foundation-applications'
    from organisation_members m
   where m.foundation_id = target.foundation_id
   order by m.user_id;
  outcome := 'created';
end
$$;
