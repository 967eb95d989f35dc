import type { Db } from './types.js'

/** Ordered schema migrations; each runs once, recorded in schema_migrations. Times are unix milliseconds. */
const migrations: { id: number; sql: string }[] = [
  {
    id: 1,
    sql: `
CREATE TABLE apps (
  id text PRIMARY KEY,
  name text NOT NULL,
  allowed_origins jsonb NOT NULL DEFAULT '[]',
  login_methods jsonb NOT NULL DEFAULT '["email"]',
  terms_url text,
  privacy_url text,
  require_users_accept_terms boolean NOT NULL DEFAULT false,
  disable_plus_emails boolean NOT NULL DEFAULT false,
  logo_url text,
  accent_color text,
  theme text,
  created_at bigint NOT NULL
);
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  public_pem text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);
CREATE TABLE users (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id),
  created_at bigint NOT NULL,
  has_accepted_terms boolean NOT NULL DEFAULT false,
  is_guest boolean NOT NULL DEFAULT false,
  custom_metadata jsonb
);
CREATE TABLE linked_accounts (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  address text NOT NULL,
  verified_at bigint NOT NULL,
  first_verified_at bigint,
  latest_verified_at bigint,
  UNIQUE (app_id, type, address)
);
CREATE INDEX linked_accounts_user ON linked_accounts (user_id);
CREATE TABLE otp_codes (
  app_id text NOT NULL,
  identifier text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  consumed_at bigint,
  PRIMARY KEY (app_id, identifier, purpose)
);
CREATE TABLE sessions (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  refreshed_count integer NOT NULL DEFAULT 0,
  revoked_at bigint
);
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  rotated_at bigint
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
CREATE TABLE rate_limits (
  bucket text PRIMARY KEY,
  window_start bigint NOT NULL,
  count integer NOT NULL
);
CREATE TABLE dev_outbox (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  to_address text NOT NULL,
  channel text NOT NULL,
  code text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  sent_at bigint NOT NULL
);
`,
  },
  {
    id: 2,
    sql: `
ALTER TABLE apps ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';
ALTER TABLE linked_accounts ADD COLUMN details jsonb NOT NULL DEFAULT '{}';
CREATE TABLE guest_credentials (
  app_id text NOT NULL,
  credential_hash text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (app_id, credential_hash)
);
CREATE TABLE account_transfers (
  nonce_hash text PRIMARY KEY,
  app_id text NOT NULL,
  to_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  from_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  address text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  consumed_at bigint
);
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  app_id text NOT NULL,
  provider text NOT NULL,
  client_state_code text NOT NULL,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  callback_url text NOT NULL,
  provider_code_verifier text,
  nonce text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  consumed_at bigint
);
CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY,
  app_id text NOT NULL,
  provider text NOT NULL,
  client_state_code text NOT NULL,
  code_challenge text NOT NULL,
  subject text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  verified_email text,
  display_name text NOT NULL,
  provider_tokens jsonb,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  consumed_at bigint,
  replayed_at bigint,
  session_id text
);
CREATE TABLE captcha_solutions (
  signature_hash text PRIMARY KEY,
  app_id text NOT NULL,
  expires_at bigint NOT NULL
)
`,
  },
  {
    id: 3,
    sql: `
CREATE TABLE wallet_nonces (
  nonce text PRIMARY KEY,
  app_id text NOT NULL,
  chain_type text NOT NULL,
  address text NOT NULL,
  expires_at bigint NOT NULL,
  consumed_at bigint
)
`,
  },
  {
    id: 4,
    sql: `
CREATE TABLE passkey_challenges (
  challenge_hash text PRIMARY KEY,
  app_id text NOT NULL,
  purpose text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  expires_at bigint NOT NULL
)
`,
  },
  {
    id: 5,
    sql: `
CREATE TABLE farcaster_channels (
  token_hash text PRIMARY KEY,
  app_id text NOT NULL,
  nonce text NOT NULL UNIQUE,
  domain text NOT NULL,
  siwe_uri text,
  expires_at bigint NOT NULL,
  message text,
  signature text,
  fid bigint,
  profile jsonb,
  completed_at bigint,
  consumed_at bigint
)
`,
  },
  {
    id: 6,
    sql: `
CREATE TABLE cross_app_codes (
  code_hash text PRIMARY KEY,
  provider_app_id text NOT NULL,
  requester_app_id text NOT NULL,
  client_state_code text NOT NULL,
  code_challenge text NOT NULL,
  subject text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  expires_at bigint NOT NULL,
  consumed_at bigint,
  replayed_at bigint,
  session_id text
)
`,
  },
  {
    id: 7,
    sql: `
CREATE TABLE wallet_share_sets (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL,
  entropy_id text NOT NULL,
  entropy_id_verifier text NOT NULL,
  share_version integer NOT NULL,
  auth_share text NOT NULL,
  recovery_method text NOT NULL,
  recovery_share_sealed text NOT NULL,
  imported boolean NOT NULL DEFAULT false,
  idempotency_key text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (app_id, entropy_id),
  UNIQUE (app_id, user_id, idempotency_key)
);
CREATE TABLE embedded_wallets (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL,
  wallet_index integer NOT NULL,
  address text NOT NULL,
  share_set_id bigint NOT NULL REFERENCES wallet_share_sets(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  UNIQUE (app_id, user_id, chain_type, wallet_index)
);
CREATE UNIQUE INDEX embedded_wallets_address ON embedded_wallets (app_id, lower(address));
CREATE INDEX embedded_wallets_share_set ON embedded_wallets (share_set_id)
`,
  },
  {
    id: 8,
    sql: `
CREATE TABLE mfa_factors (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id text NOT NULL,
  type text NOT NULL,
  phone_number text,
  totp_secret_sealed text,
  totp_last_step bigint,
  verified_at bigint NOT NULL,
  PRIMARY KEY (user_id, type)
);
CREATE TABLE mfa_pending_totp (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE TABLE mfa_sms_codes (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at bigint NOT NULL,
  consumed_at bigint,
  PRIMARY KEY (user_id, purpose)
)
`,
  },
  {
    id: 9,
    sql: `
CREATE TABLE wallet_delegations (
  wallet_id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL,
  address text NOT NULL,
  wallet_index integer NOT NULL,
  share_set_id bigint NOT NULL REFERENCES wallet_share_sets(id) ON DELETE CASCADE,
  share_version integer,
  device_share_sealed text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX wallet_delegations_address ON wallet_delegations (app_id, lower(address));
CREATE INDEX wallet_delegations_user ON wallet_delegations (user_id)
`,
  },
  {
    id: 10,
    sql: `
CREATE TABLE funding_references (
  provider text NOT NULL,
  reference text NOT NULL,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  addresses jsonb NOT NULL DEFAULT '[]',
  details jsonb NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL,
  PRIMARY KEY (provider, reference)
);
CREATE INDEX funding_references_user ON funding_references (user_id);
CREATE TABLE funding_webhook_events (
  provider text NOT NULL,
  app_id text NOT NULL,
  event_id text NOT NULL,
  reference text NOT NULL,
  status text NOT NULL,
  event_time bigint NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  received_at bigint NOT NULL,
  PRIMARY KEY (provider, app_id, event_id)
);
CREATE INDEX funding_webhook_events_reference ON funding_webhook_events (provider, app_id, reference)
`,
  },
  {
    // Ending a user's other sessions looks them up by user.
    id: 11,
    sql: `
CREATE INDEX sessions_user ON sessions (user_id, app_id)
`,
  },
  {
    // Sign-in MFA (mfa_auth): the sign-in authenticator app, its pending secret, pending sign-ins, and the sessions
    // that passed it (a factor change needs one from the last 15 minutes).
    id: 12,
    sql: `
CREATE TABLE login_mfa_totp (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  app_id text NOT NULL,
  secret_sealed text NOT NULL,
  last_step bigint,
  verified_at bigint NOT NULL
);
CREATE TABLE login_mfa_pending_totp (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE TABLE login_mfa_challenges (
  token_hash text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at bigint NOT NULL
);
CREATE TABLE login_mfa_sessions (
  session_id text PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  verified_at bigint NOT NULL
)
`,
  },
  {
    // Server-managed (privy-v2) wallets: the signer's key id beside the address (never a key), the P-256 user signers
    // sessions registered, and the authorization signatures already used (kept until they expire, then pruned).
    id: 13,
    sql: `
CREATE TABLE server_wallets (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL,
  wallet_index integer NOT NULL,
  address text NOT NULL,
  signer_key_id text NOT NULL,
  imported boolean NOT NULL DEFAULT false,
  delegated boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX server_wallets_user_index ON server_wallets (app_id, user_id, chain_type, wallet_index);
CREATE UNIQUE INDEX server_wallets_address ON server_wallets (app_id, address);
CREATE TABLE wallet_user_signers (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  public_key text NOT NULL,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX wallet_user_signers_user ON wallet_user_signers (app_id, user_id);
CREATE TABLE used_authorization_signatures (
  signature_hash text PRIMARY KEY,
  expires_at bigint NOT NULL
)
`,
  },
  {
    // The app's session signers a server-managed wallet names (PATCH /wallets/:id), beside `delegated` (all of them).
    id: 14,
    sql: `ALTER TABLE server_wallets ADD COLUMN additional_signers jsonb NOT NULL DEFAULT '[]'`,
  },
  {
    // Gas sponsorship's spend ledger (sponsorship/ledger.ts); id 17 leaves 15-16 to issue 17's other migrations.
    id: 17,
    sql: `
CREATE TABLE sponsorship_spend (
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_id bigint NOT NULL,
  day integer NOT NULL,
  amount_wei numeric(78, 0) NOT NULL,
  PRIMARY KEY (app_id, user_id, chain_id, day)
)
`,
  },
  {
    // The ledger keys networks by CAIP-2 ('eip155:31337', 'solana:devnet'): Solana clusters have no chain id.
    id: 18,
    sql: `
ALTER TABLE sponsorship_spend ADD COLUMN network text;
UPDATE sponsorship_spend SET network = 'eip155:' || chain_id;
ALTER TABLE sponsorship_spend ALTER COLUMN network SET NOT NULL;
ALTER TABLE sponsorship_spend DROP CONSTRAINT sponsorship_spend_pkey;
ALTER TABLE sponsorship_spend DROP COLUMN chain_id;
ALTER TABLE sponsorship_spend ADD PRIMARY KEY (app_id, user_id, network, day);
ALTER TABLE sponsorship_spend RENAME COLUMN amount_wei TO amount;
`,
  },
  {
    // When a server-managed wallet's key was last exported (POST /wallets/:id/export), answered as `exported_at`.
    id: 19,
    sql: `ALTER TABLE server_wallets ADD COLUMN exported_at bigint`,
  },
  {
    // Drive recovery's OAuth states, apart from the sign-in's oauth_states (recovery-state-store.ts); 15-16 stay issue 17's.
    id: 20,
    sql: `
CREATE TABLE recovery_oauth_states (
  state_hash text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_state_code text NOT NULL,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  callback_url text NOT NULL,
  provider_code_verifier text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX recovery_oauth_states_expires ON recovery_oauth_states (expires_at)
`,
  },
]

/** Applies pending migrations; an advisory lock keeps several starting processes from racing. */
export async function migrate(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274)')
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, applied_at bigint NOT NULL)')
    const done = new Set((await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id))
    for (const migration of migrations) {
      if (done.has(migration.id)) continue
      for (const statement of migration.sql
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean))
        await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [migration.id, Date.now()])
    }
  })
}
