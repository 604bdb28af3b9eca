-- Every app process keeps public answers and signed-in sessions in memory and drops them when another
-- process on the same PostgreSQL database writes (docs/decisions.md, "Speed"). The notice used to be a
-- pg_notify the app sent after its transaction had committed, whose failure was only logged: a lost
-- notice left the other processes serving stale pages, or honouring a revoked session, for as long as
-- nothing else was written. Sent from these triggers, the notice is part of the writing transaction:
-- PostgreSQL delivers it at commit and not at all on rollback, and no writer (an API route, a restore,
-- psql) can forget it.
--
-- Payload '<origin>:<kind>' on the channel src/server/db/change-feed.ts listens to. origin is the
-- writing connection's application_name, which the app sets to its process's own id so that it skips
-- its own echo: it has told its caches in-process already. Any other writer has another name and is
-- heard by every process. kind 'accounts' drops remembered sessions as well as public answers,
-- 'content' public answers only; a session user is read from users and sessions alone, so only their
-- changes are 'accounts'.
--
-- Statement-level triggers: one call per statement however many rows it touches, and PostgreSQL keeps
-- one notice of identical ones in a transaction, so an application written through
-- register_application (two watched tables) still sends one. Not watched, as no cache reads them:
-- rate_limits (a write per request), notifications (private, and marked read often) and app_state;
-- nor new sessions (nobody has them cached) and renewed ones (still valid). A new table whose rows a
-- visitor reads needs its trigger here too.
create function announce_change() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed', current_setting('application_name') || ':' || tg_argv[0]);
  return null;
end
$$;
--> statement-breakpoint

-- A new account changes no session; a renamed, demoted or deleted one may be cached signed in.
create trigger users_added after insert on users
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger users_changed after update or delete or truncate on users
  for each statement execute function announce_change('accounts');
--> statement-breakpoint
create trigger sessions_ended after delete or truncate on sessions
  for each statement execute function announce_change('accounts');
--> statement-breakpoint

create trigger images_changed after insert or update or delete or truncate on images
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger foundations_changed after insert or update or delete or truncate on foundations
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger foundation_photos_changed after insert or update or delete or truncate on foundation_photos
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger schools_changed after insert or update or delete or truncate on schools
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger events_changed after insert or update or delete or truncate on events
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger registrations_changed after insert or update or delete or truncate on registrations
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger hour_credits_changed after insert or update or delete or truncate on hour_credits
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger volunteer_requests_changed after insert or update or delete or truncate on volunteer_requests
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger school_responses_changed after insert or update or delete or truncate on school_responses
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger foundation_reports_changed after insert or update or delete or truncate on foundation_reports
  for each statement execute function announce_change('content');
--> statement-breakpoint
create trigger news_changed after insert or update or delete or truncate on news
  for each statement execute function announce_change('content');
