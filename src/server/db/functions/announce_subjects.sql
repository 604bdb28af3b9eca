-- Sends one change notice naming the rows' subject and their ids, or none past 100 (migration 0009).
create or replace function announce_subjects(kind text, subject text, ids bigint[]) returns void
language plpgsql
as $$
begin
  perform pg_notify('public_content_changed',
    kind || ':' || subject || ':'
      || case when coalesce(cardinality(ids), 0) <= 100 then coalesce(array_to_string(ids, ','), '') else '' end
      || ':' || current_setting('application_name'));
end
$$;
