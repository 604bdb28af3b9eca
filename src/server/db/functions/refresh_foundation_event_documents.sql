-- A foundation renamed: its events' search documents (migration 0007) hold its name and are written again.
create or replace function refresh_foundation_event_documents() returns trigger
language plpgsql
as $$
begin
  update events
     set search_document = event_search_document(title, description, location, address, new.name)
   where foundation_id = new.id;
  return null;
end
$$;
--> statement-breakpoint
create or replace trigger foundations_name_in_event_documents after update of name on foundations
  for each row when (old.name is distinct from new.name) execute function refresh_foundation_event_documents();
