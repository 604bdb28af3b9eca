-- The notice of changed applications: the ids of their events (migration 0009).
create or replace function announce_application_rows() returns trigger
language plpgsql
as $$
begin
  perform announce_subjects(tg_argv[0], 'registrations',
    (select array_agg(distinct event_id order by event_id) from changed_rows));
  return null;
end
$$;
--> statement-breakpoint
create or replace trigger registrations_added after insert on registrations
  referencing new table as changed_rows
  for each statement execute function announce_application_rows('content');
--> statement-breakpoint
create or replace trigger registrations_updated after update on registrations
  referencing new table as changed_rows
  for each statement execute function announce_application_rows('content');
--> statement-breakpoint
create or replace trigger registrations_deleted after delete on registrations
  referencing old table as changed_rows
  for each statement execute function announce_application_rows('content');
