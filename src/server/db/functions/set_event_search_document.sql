-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- Writes an event's search document (migration 0007) as the event is added or its title, description,
-- place, address or foundation change: the foundation's name is part of it.
create or replace function set_event_search_document() returns trigger
language plpgsql
as $$
begin
  new.search_document := event_search_document(new.title, new.description, new.location, new.address,
    (select name from foundations where id = new.foundation_id));
  return new;
end
$$;
