-- Places of an event have freed up (a cancellation, a rejection, a partial approval, a lowered number,
-- more places): the waitlisted applications that fit become pending, first come first served, skipping
-- only those too large for what is free. The caller holds the lock on the event row, as every writer of
-- applications does, so two writers freeing places at once promote one after the other and never more
-- than fits. Nothing is promoted for an event that is over, cancelled or past its day. Each promotion is
-- told to every member of the school and of the foundation (organisation_members), and written in both
-- sides' journal.
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
  select e.title, e.date, e.status, e.total_slots, e.reserved_slots, e.foundation_id
    into target
    from events e
   where e.id = p_event_id;
  if not found or target.status not in ('upcoming', 'active') or target.date < p_today then return; end if;
  -- null: the event has no limit, and every waiting application fits
  free := target.total_slots - target.reserved_slots;

  for waiting in
    select r.id, r.participant_count, r.school_id, s.name as school_name
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
    select m.user_id, 'waitlist_promoted',
           format(p_school_notice, coalesce(waiting.school_name, p_unnamed_school), target.title,
                  waiting.participant_count),
           '/school-applications'
      from organisation_members m
     where m.school_id = waiting.school_id
     order by m.user_id;
    insert into notifications (user_id, kind, text, link)
    select m.user_id, 'application_received',
           format(p_foundation_notice, coalesce(waiting.school_name, p_unnamed_school), target.title,
                  waiting.participant_count),
           '/foundation-applications'
      from organisation_members m
     where m.foundation_id = target.foundation_id
     order by m.user_id;
    -- The journal (docs/decisions/091): the platform moved it up by the waitlist's rule, so no person is
    -- named; both the school and the foundation read it.
    insert into journal_entries (kind, school_id, foundation_id, event_id, application_id, event_title,
                                 before, after)
    values ('application.promoted', waiting.school_id, target.foundation_id, p_event_id, waiting.id,
            target.title, jsonb_build_object('status', 'waitlisted'),
            jsonb_build_object('status', 'pending', 'participantCount', waiting.participant_count));
    promoted := promoted + 1;
  end loop;
end
$$;
