-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- A foundation renamed: its events' search documents (migration 0007) hold its name and are written again.
create or replace function refresh_foundation_event_documents() returns trigger
language plpgsql
as $$
begin
  update events
     set search_document = event_search_document(title, description, location, address, new.name)
   where foundation_id = new.id;
  return null;
end
$$;
