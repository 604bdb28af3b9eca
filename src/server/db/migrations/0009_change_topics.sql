-- Issue 27: a write drops only the cached answers it can change, in every process. The notices of
-- migration 0003 said only 'content' or 'accounts', so another process emptied its whole public cache on
-- any write anywhere: one application a second kept the home list mostly uncached. Each notice now names
-- the table, and for the two tables written with every application, the rows' subject: the events of
-- changed applications, and changed events. src/server/db/change-feed.ts reads it and
-- src/server/db/change-topics.ts says which cached answers that drops.
--
-- Payload '<kind>:<table>:<ids>:<origin>': ids comma-joined, or empty when the notice does not say or
-- there were more than 100 (the payload must stay under PostgreSQL's 8000 bytes), which drops what
-- depends on the table at all. origin, the writer's application_name, comes last as it may hold a colon.
-- Statement-level still: one notice per statement and subject, and identical notices in a transaction
-- are still sent once. Transition tables hold the statement's rows; PostgreSQL allows them on triggers
-- for one event each, hence a trigger per event.
create or replace function announce_change() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed',
    tg_argv[0] || ':' || tg_table_name || '::' || current_setting('application_name'));
  return null;
end
$$;
--> statement-breakpoint

-- The notice of the triggers below: ids read from the statement's rows, each trigger's argument the kind.
create function announce_subjects(kind text, subject text, ids bigint[]) returns void
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed',
    kind || ':' || subject || ':'
      || case when coalesce(cardinality(ids), 0) <= 100 then coalesce(array_to_string(ids, ','), '') else '' end
      || ':' || current_setting('application_name'));
end
$$;
--> statement-breakpoint

create function announce_application_rows() returns trigger
language plpgsql
as $$
begin
  perform announce_subjects(tg_argv[0], 'registrations',
    (select array_agg(distinct event_id order by event_id) from changed_rows));
  return null;
end
$$;
--> statement-breakpoint

create function announce_event_rows() returns trigger
language plpgsql
as $$
begin
  perform announce_subjects(tg_argv[0], 'events', (select array_agg(id order by id) from changed_rows));
  return null;
end
$$;
--> statement-breakpoint

-- An application moves only reserved_slots (and the reminder worker only reminded_at): such an update
-- changes the events' own figures, not which lists hold them, and says so with its own subject.
create function announce_event_updates() returns trigger
language plpgsql
as $$
declare
  counts_only boolean;
begin
  select bool_and((to_jsonb(o) - 'reserved_slots' - 'reminded_at' - 'updated_at')
      = (to_jsonb(n) - 'reserved_slots' - 'reminded_at' - 'updated_at'))
    into counts_only
    from old_rows o join new_rows n using (id);
  perform announce_subjects(tg_argv[0],
    case when coalesce(counts_only, false) then 'events.reserved_slots' else 'events' end,
    (select array_agg(id order by id) from new_rows));
  return null;
end
$$;
--> statement-breakpoint

drop trigger registrations_changed on registrations;
--> statement-breakpoint
create trigger registrations_added after insert on registrations
  referencing new table as changed_rows
  for each statement execute function announce_application_rows('content');
--> statement-breakpoint
create trigger registrations_updated after update on registrations
  referencing new table as changed_rows
  for each statement execute function announce_application_rows('content');
--> statement-breakpoint
create trigger registrations_deleted after delete on registrations
  referencing old table as changed_rows
  for each statement execute function announce_application_rows('content');
--> statement-breakpoint
create trigger registrations_truncated after truncate on registrations
  for each statement execute function announce_change('content');
--> statement-breakpoint

drop trigger events_changed on events;
--> statement-breakpoint
create trigger events_added after insert on events
  referencing new table as changed_rows
  for each statement execute function announce_event_rows('content');
--> statement-breakpoint
create trigger events_updated after update on events
  referencing old table as old_rows new table as new_rows
  for each statement execute function announce_event_updates('content');
--> statement-breakpoint
create trigger events_deleted after delete on events
  referencing old table as changed_rows
  for each statement execute function announce_event_rows('content');
--> statement-breakpoint
create trigger events_truncated after truncate on events
  for each statement execute function announce_change('content');
