-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
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
