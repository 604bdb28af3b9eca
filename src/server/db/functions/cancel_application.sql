-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- The school cancels its pending or approved application, named by its id or by the event; it is deleted
-- and its places are freed. Outcomes: cancelled, not_a_school, not_found, not_yours, cannot_cancel.
create or replace function cancel_application(
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
