-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- The trigger function that tells the other app processes on the same PostgreSQL database what changed
-- (migration 0003 explains the channel, the payload and which tables are watched).
create or replace function announce_change() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed', current_setting('application_name') || ':' || tg_argv[0]);
  return null;
end
$$;
