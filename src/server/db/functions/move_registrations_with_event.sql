-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
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
