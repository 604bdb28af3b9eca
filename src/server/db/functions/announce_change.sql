-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- The notice of a statement-level change of a watched table: its kind and table (migration 0009 explains
-- the channel and the payload '<kind>:<table>:<ids>:<origin>'; here without ids).
create or replace function announce_change() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed',
    tg_argv[0] || ':' || tg_table_name || '::' || current_setting('application_name'));
  return null;
end
$$;
