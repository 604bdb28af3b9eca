-- The school cancels its pending or approved application, or leaves the waitlist, named by the
-- application's id or by the event; the application is deleted, its places are freed and the waitlist
-- moves up (promote_waitlist). Outcomes: cancelled, left_waitlist, not_a_school, not_found, not_yours,
-- cannot_cancel. p_user_id is the person cancelling, a member of the school (organisation_members); the
-- foundation's notice goes to each member of the foundation.
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
  -- the caller's school; null for anyone who is not a member of one
  caller_school_id integer := (select school_id from organisation_members where user_id = p_user_id);
begin
  if p_application_id is null then
    select r.id into p_application_id
      from registrations r
     where r.event_id = p_event_id and r.school_id = caller_school_id
       and r.status in ('waitlisted', 'pending', 'approved');
  end if;
  -- The event row first, then the application: the order every writer keeps.
  select r.id, r.event_id, r.status, r.participant_count, r.school_id, s.name as school_name, e.title,
         e.foundation_id,
         coalesce(r.school_id = caller_school_id, false) as mine
    into target
    from events e
    join registrations r on r.event_id = e.id
    join schools s on s.id = r.school_id
   where r.id = p_application_id
     for update of e, r;
  -- Only a school account learns whether the application exists.
  if not found then
    outcome := case when caller_school_id is not null then 'not_found' else 'not_a_school' end;
    return;
  end if;
  if not target.mine then
    outcome := case when caller_school_id is not null then 'not_yours' else 'not_a_school' end;
    return;
  end if;
  if target.status not in ('waitlisted', 'pending', 'approved') then outcome := 'cannot_cancel'; return; end if;

  delete from registrations where id = target.id;
  -- The journal (docs/decisions/091), in this same call: the benchmarked one-statement cancellation stays
  -- one round trip. The person cancelling as they are now; what the application was, for both sides.
  insert into journal_entries (kind, actor_user_id, actor_name, actor_role, actor_school_id, school_id,
                               foundation_id, event_id, application_id, event_title, before)
  select 'application.cancelled', u.id, u.username, m.role::text, m.school_id, target.school_id,
         target.foundation_id, target.event_id, target.id, target.title,
         jsonb_build_object('participantCount', target.participant_count, 'status', target.status::text)
    from users u
    join organisation_members m on m.user_id = u.id
   where u.id = p_user_id;
  insert into notifications (user_id, kind, text, link)
  select m.user_id,
         case when target.status = 'waitlisted' then 'waitlist_left' else 'application_cancelled' end,
         format(case when target.status = 'waitlisted' then p_waitlist_notice else p_notice end,
                coalesce(target.school_name, p_unnamed_school), target.title, target.participant_count),
         '/foundation-applications'
    from organisation_members m
   where m.foundation_id = target.foundation_id
   order by m.user_id;
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
