-- Writes an event's search document (migration 0007) as the event is added or its title, description,
-- place, address or foundation change: the foundation's name is part of it.
create or replace function set_event_search_document() returns trigger
language plpgsql
as $$
begin
  new.search_document := event_search_document(new.title, new.description, new.location, new.address,
    (select name from foundations where id = new.foundation_id));
  return new;
end
$$;
--> statement-breakpoint
-- Only the columns the document is made of: an application changes reserved_slots on every write, and
-- that must not cost a new document.
create or replace trigger events_search_document
  before insert or update of title, description, location, address, foundation_id on events
  for each row execute function set_event_search_document();
