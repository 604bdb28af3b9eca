-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- The notice of inserted or deleted events: their ids (migration 0009).
create or replace function announce_event_rows() returns trigger
language plpgsql
as $$
begin
  perform announce_subjects(tg_argv[0], 'events', (select array_agg(id order by id) from changed_rows));
  return null;
end
$$;
