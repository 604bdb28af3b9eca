-- Search that an index can answer, and that finds what people type (issue 27).
--
-- Each event and each foundation keeps a stored tsvector, its search document, behind a GIN index, so a
-- search reads the index instead of computing to_tsvector for every row of every request. The documents
-- use the `russian` configuration (парки finds парк and парке) on text folded by search_folded (lower
-- case, ё as е), and the same folding is applied to what is typed. Weights rank a match in the title (A)
-- before one in the place, the address or the foundation's name (B), the short description (C) or the
-- description (D).
--
-- The database keeps them up to date, so no write path can forget: a foundation's document is a generated
-- column; an event's document also holds its foundation's name, which a generated column cannot read, so a
-- trigger on events writes it and a trigger on foundations rewrites the documents of a renamed
-- foundation's events (src/server/db/functions: set_event_search_document.sql,
-- refresh_foundation_event_documents.sql). docs/decisions.md, "Search documents", says why.
create function search_folded(value text) returns text
language sql immutable parallel safe
return translate(lower(coalesce(value, '')), 'ё', 'е');
--> statement-breakpoint
create function event_search_document(
  title text, description text, location text, address text, foundation_name text
) returns tsvector
language sql immutable parallel safe
return setweight(to_tsvector('russian', search_folded(title)), 'A')
  || setweight(to_tsvector('russian', search_folded(location) || ' ' || search_folded(address)
    || ' ' || search_folded(foundation_name)), 'B')
  || setweight(to_tsvector('russian', search_folded(description)), 'D');
--> statement-breakpoint
-- The city or region of an event: the first part of its address ("Москва, ул. Лесная, д. 12" is in
-- Москва; "Самарская обл., г. Тольятти, …" in Самарская обл.), or of its place when it has no address of
-- its own. None when the address has no comma, or when its first part is a street, a house or a number
-- rather than a place people choose from a list. "г." and "город" in front are left out.
create function event_city(location text, address text) returns text
language sql immutable parallel safe
return (
  select case
    when part = '' or part ~ '\d' or length(part) > 60
      or part ~* '^(ул|улица|пр|пр-т|просп|проспект|пер|переулок|наб|набережная|ш|шоссе|б-р|бульвар|пл|площадь|д|дом|мкр|микрорайон|корп|стр|здание|вход)(\.|\s|$)'
      then null
    else upper(left(part, 1)) || substr(part, 2)
  end
  from (
    select btrim(regexp_replace(btrim(split_part(source, ',', 1)), '^(г\.|город\s)\s*', '', 'i')) as part
    from (select coalesce(nullif(btrim(address), ''), btrim(location)) as source) as given
    where strpos(source, ',') > 0
  ) as first_part
);
--> statement-breakpoint
DROP INDEX "events_search_idx";--> statement-breakpoint
DROP INDEX "foundations_search_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_document" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "city" text GENERATED ALWAYS AS (event_city("location", "address")) STORED;--> statement-breakpoint
ALTER TABLE "foundations" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('russian', search_folded("name")), 'A')
  || setweight(to_tsvector('russian', search_folded("location")), 'B')
  || setweight(to_tsvector('russian', search_folded("short_description")), 'C')
  || setweight(to_tsvector('russian', search_folded("description")), 'D')
) STORED;--> statement-breakpoint
UPDATE "events" SET "search_document" = event_search_document(
  "events"."title", "events"."description", "events"."location", "events"."address", "foundations"."name"
) FROM "foundations" WHERE "foundations"."id" = "events"."foundation_id";--> statement-breakpoint
CREATE INDEX "events_search_document_idx" ON "events" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "foundations_search_document_idx" ON "foundations" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "events_city_date_idx" ON "events" USING btree ("city","date");
