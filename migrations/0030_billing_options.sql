-- ISP billing lookups (issue 18 item 5): a leaf of a queue's options tree may be a "segunda
-- via" option. Choosing it asks the customer for a CPF/CNPJ; the answer is looked up in the
-- billing system the company configured (IXC, MK-Auth or Asaas, by its settings) and the open
-- bills are sent back (services/automation/billing_turn.ts). 'message' is every other node.
alter table queue_options add column kind text not null default 'message'
  check (kind in ('message', 'billing'));
