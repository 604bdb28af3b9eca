-- Issue 53, item 4: the journal is append-only. Every UPDATE and DELETE of its rows is refused here,
-- whoever sends it: the app, the administrator's routes, psql. The message is the one an API test and a
-- person at psql read. TRUNCATE is neither (a restore from backup and the tests' reset empty the table).
create or replace function refuse_journal_changes() returns trigger
language plpgsql
as $$
begin
  raise exception 'Журнал только пополняется: запись % нельзя изменить или удалить', old.id
    using errcode = 'insufficient_privilege';
end
$$;
--> statement-breakpoint
create or replace trigger journal_entries_append_only before update or delete on journal_entries
  for each row execute function refuse_journal_changes();
