-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
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
