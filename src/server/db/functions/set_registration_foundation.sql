-- Copies the event's foundation onto each application as it is written (migration 0010), so that a
-- foundation's applications are read newest first through an index of their own.
create or replace function set_registration_foundation() returns trigger
language plpgsql
as $$
begin
  select foundation_id into new.foundation_id from events where id = new.event_id;
  return new;
end
$$;
--> statement-breakpoint
create or replace trigger registrations_foundation before insert or update of event_id on registrations
  for each row execute function set_registration_foundation();
