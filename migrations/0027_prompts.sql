-- AI prompts (admin §3 "Prompt"; issue 18): an OpenAI-compatible agent that answers a queue's
-- (or a connection's) customers. The provider keys are sealed with the installation's
-- encryption key (services/accounts/secrets.ts): the database alone does not give them away.
create table prompts (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  -- "v1.<iv>.<ciphertext>" (lib/crypto/secret_box.ts); the last four characters are kept
  -- apart so that the screens can show which key is set without opening it.
  api_key_sealed text not null,
  api_key_hint text not null,
  prompt text not null,
  -- "texto" answers in text; a voice name answers with a voice note.
  voice text not null default 'texto',
  voice_key_sealed text,
  voice_key_hint text not null default '',
  voice_region text not null default '',
  max_tokens integer not null default 100 check (max_tokens between 10 and 4096),
  temperature numeric(3, 2) not null default 1 check (temperature between 0 and 2),
  max_messages integer not null default 10 check (max_messages between 1 and 50),
  -- Where the transfer phrase sends the customer: required on every save (admin §5 "Informe
  -- o setor"); deleting the queue leaves it empty, and a transfer then waits without a queue.
  queue_id integer references queues (id) on delete set null,
  -- What the provider reported using, for the list (the anchor never counted it).
  prompt_tokens bigint not null default 0,
  completion_tokens bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index prompts_company_name on prompts (company_id, lower(name));
create index prompts_queue on prompts (queue_id);

-- The references the queues, connections and tickets issues left for this one.
update queues set prompt_id = null where prompt_id is not null;
update whatsapps set prompt_id = null where prompt_id is not null;
update tickets set prompt_id = null where prompt_id is not null;
alter table queues add constraint queues_prompt_fk
  foreign key (prompt_id) references prompts (id) on delete set null;
alter table whatsapps add constraint whatsapps_prompt_fk
  foreign key (prompt_id) references prompts (id) on delete set null;
alter table tickets add constraint tickets_prompt_fk
  foreign key (prompt_id) references prompts (id) on delete set null;
create index queues_prompt on queues (prompt_id) where prompt_id is not null;
create index whatsapps_prompt on whatsapps (prompt_id) where prompt_id is not null;

-- When the AI agent gave a ticket to a person (its transfer phrase, or a provider failure):
-- from then on it stays quiet in that ticket. A new ticket of the contact starts without it.
alter table tickets add column ai_handoff_at timestamptz;
