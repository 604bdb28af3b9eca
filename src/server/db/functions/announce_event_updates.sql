-- The notice of updated events, as a change of places alone when nothing else shown moved (migration 0009).
create or replace function announce_event_updates() returns trigger
language plpgsql
as $$
declare
  counts_only boolean;
begin
  select bool_and((to_jsonb(o) - 'reserved_slots' - 'reminded_at' - 'updated_at')
      = (to_jsonb(n) - 'reserved_slots' - 'reminded_at' - 'updated_at'))
    into counts_only
    from old_rows o join new_rows n using (id);
  perform announce_subjects(tg_argv[0],
    case when coalesce(counts_only, false) then 'events.reserved_slots' else 'events' end,
    (select array_agg(id order by id) from new_rows));
  return null;
end
$$;
--> statement-breakpoint
create or replace trigger events_updated after update on events
  referencing old table as old_rows new table as new_rows
  for each statement execute function announce_event_updates('content');
