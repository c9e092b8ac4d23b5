-- Access tokens revoked before they expire (logout): a short deny-list checked on every
-- request and socket. A key is `jti:<token id>` for one token or `sid:<session id>` for every
-- access token of one sign-in. Rows are useless once the tokens they name have expired, so
-- they carry that time and are pruned.
create table revoked_access_tokens (
  token_key text primary key,
  expires_at timestamptz not null
);
create index revoked_access_tokens_expiry on revoked_access_tokens (expires_at);
