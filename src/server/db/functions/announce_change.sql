-- Every app process keeps public answers and signed-in sessions in memory and drops them when another
-- process on the same PostgreSQL database writes (docs/decisions/, "Speed"). The notice is sent from
-- these triggers, so it is part of the writing transaction: PostgreSQL delivers it at commit and not at
-- all on rollback, and no writer (an API route, a restore, psql) can forget it.
--
-- Payload '<kind>:<table>:<ids>:<origin>' on the channel src/server/db/change-feed.ts listens to, which
-- src/server/db/change-topics.ts turns into the cached answers to drop. This function sends it without
-- ids, so everything read from the table is dropped; the two tables written with every application say
-- which rows changed (announce_application_rows, announce_event_rows, announce_event_updates). origin,
-- the writer's application_name, is the app process's own id, so that it skips its own echo; it comes
-- last as it may hold a colon. kind 'accounts' drops remembered sessions as well as public answers,
-- 'content' public answers only; a session user is read from users and sessions alone.
--
-- Statement-level triggers: one call per statement however many rows it touches, and PostgreSQL keeps
-- one notice of identical ones in a transaction. Not watched, as no cache reads them: rate_limits (a
-- write per request), notifications (private, and marked read often) and app_state; nor new sessions
-- (nobody has them cached) and renewed ones (still valid). A new table whose rows a visitor reads needs
-- its trigger here too.
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
-- A new account changes no session; a renamed, demoted or deleted one may be cached signed in.
create or replace trigger users_added after insert on users
  for each statement execute function announce_change('content');
--> statement-breakpoint
create or replace trigger users_changed after update or delete or truncate on users
  for each statement execute function announce_change('accounts');
--> statement-breakpoint
create or replace trigger sessions_ended after delete or truncate on sessions
  for each statement execute function announce_change('accounts');
--> statement-breakpoint
-- A session carries its member's role: a member removed or given another role may be cached signed in.
create or replace trigger organisation_members_changed after update or delete or truncate on organisation_members
  for each statement execute function announce_change('accounts');
--> statement-breakpoint
-- Emptied tables of events and applications, whose other writes name their rows.
create or replace trigger events_truncated after truncate on events
  for each statement execute function announce_change('content');
--> statement-breakpoint
create or replace trigger registrations_truncated after truncate on registrations
  for each statement execute function announce_change('content');
--> statement-breakpoint
-- The other tables public answers are read from: a trigger named <table>_changed on each.
do $$
declare
  watched text;
begin
  foreach watched in array array['images', 'foundations', 'foundation_photos', 'schools', 'hour_credits',
    'volunteer_requests', 'school_responses', 'foundation_reports', 'news']
  loop
    execute format('create or replace trigger %I after insert or update or delete or truncate on %I '
      'for each statement execute function announce_change(''content'')', watched || '_changed', watched);
  end loop;
end
$$;
