-- A user's default connection (users.whatsapp_id, added in 0005 before connections existed)
-- now points at a real connection; deleting the connection clears the choice.
update users u set whatsapp_id = null
where whatsapp_id is not null
  and not exists (select 1 from whatsapps w where w.id = u.whatsapp_id and w.company_id = u.company_id);
alter table users add constraint users_whatsapp_id_fkey
  foreign key (whatsapp_id) references whatsapps (id) on delete set null;
create index users_whatsapp_id on users (whatsapp_id) where whatsapp_id is not null;
