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
--> statement-breakpoint
create or replace trigger events_counted after insert or delete on events
  for each row execute function count_foundation_events();
--> statement-breakpoint
create or replace trigger events_recounted after update of status, foundation_id on events
  for each row when (old.status is distinct from new.status or old.foundation_id <> new.foundation_id)
  execute function count_foundation_events();
