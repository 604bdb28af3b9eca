-- The notice of inserted or deleted events: their ids (migration 0009).
create or replace function announce_event_rows() returns trigger
language plpgsql
as $$
begin
  perform announce_subjects(tg_argv[0], 'events', (select array_agg(id order by id) from changed_rows));
  return null;
end
$$;
--> statement-breakpoint
create or replace trigger events_added after insert on events
  referencing new table as changed_rows
  for each statement execute function announce_event_rows('content');
--> statement-breakpoint
create or replace trigger events_deleted after delete on events
  referencing old table as changed_rows
  for each statement execute function announce_event_rows('content');
