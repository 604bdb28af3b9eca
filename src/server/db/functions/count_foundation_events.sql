-- The function as every migrated database must hold it. Changed only together with a new migration that
-- repeats this file; src/server/db/functions.test.ts fails while the two differ.
--
-- Keeps foundations.events_count, the number of a foundation's events that are not cancelled, in step
-- with every write to events (migration 0008): the public foundations list is ordered by it, and an
-- index on it lets a page be read without counting every foundation's events.
create or replace function count_foundation_events() returns trigger
language plpgsql
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status <> 'canceled' then
    update foundations set events_count = events_count - 1 where id = old.foundation_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status <> 'canceled' then
    update foundations set events_count = events_count + 1 where id = new.foundation_id;
  end if;
  return null;
end
$$;
