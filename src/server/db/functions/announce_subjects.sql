-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- Sends one change notice naming the rows' subject and their ids, or none past 100 (migration 0009).
create or replace function announce_subjects(kind text, subject text, ids bigint[]) returns void
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed',
    kind || ':' || subject || ':'
      || case when coalesce(cardinality(ids), 0) <= 100 then coalesce(array_to_string(ids, ','), '') else '' end
      || ':' || current_setting('application_name'));
end
$$;
