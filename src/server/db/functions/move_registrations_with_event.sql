-- Keeps registrations.foundation_id (migration 0010) the event's foundation when an event is moved to
-- another foundation.
create or replace function move_registrations_with_event() returns trigger
language plpgsql
as $$
begin
  update registrations set foundation_id = new.foundation_id where event_id = new.id;
  return null;
end
$$;
--> statement-breakpoint
create or replace trigger events_foundation_moved after update of foundation_id on events
  for each row when (old.foundation_id <> new.foundation_id)
  execute function move_registrations_with_event();
