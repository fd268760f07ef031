-- Identity service schema (Kratos-compatible). Applied by identity/db/migrate.ts.
CREATE TABLE IF NOT EXISTS identity.identities (
  id uuid PRIMARY KEY,
  schema_id text NOT NULL DEFAULT 'default',
  state text NOT NULL DEFAULT 'active',
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  traits jsonb NOT NULL,
  metadata_public jsonb,
  metadata_admin jsonb,
  external_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS identity.credentials (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identity.identities(id) ON DELETE CASCADE,
  type text NOT NULL,
  config jsonb NOT NULL DEFAULT '{}',
  version int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identity_id, type)
);

CREATE TABLE IF NOT EXISTS identity.credential_identifiers (
  identifier text NOT NULL,
  type text NOT NULL,
  credential_id uuid NOT NULL REFERENCES identity.credentials(id) ON DELETE CASCADE,
  identity_id uuid NOT NULL REFERENCES identity.identities(id) ON DELETE CASCADE,
  PRIMARY KEY (type, identifier)
);

CREATE TABLE IF NOT EXISTS identity.addresses (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identity.identities(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('verifiable', 'recovery')),
  via text NOT NULL DEFAULT 'email',
  value text NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, via, value)
);
CREATE INDEX IF NOT EXISTS addresses_identity ON identity.addresses (identity_id);

CREATE TABLE IF NOT EXISTS identity.sessions (
  id uuid PRIMARY KEY,
  token text NOT NULL UNIQUE,
  logout_token text NOT NULL UNIQUE,
  identity_id uuid NOT NULL REFERENCES identity.identities(id) ON DELETE CASCADE,
  active boolean NOT NULL DEFAULT true,
  aal text NOT NULL DEFAULT 'aal1',
  methods jsonb NOT NULL DEFAULT '[]',
  devices jsonb NOT NULL DEFAULT '[]',
  authenticated_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sessions_identity ON identity.sessions (identity_id);

CREATE TABLE IF NOT EXISTS identity.flows (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  type text NOT NULL,
  state text NOT NULL,
  csrf_token text NOT NULL DEFAULT '',
  identity_id uuid REFERENCES identity.identities(id) ON DELETE CASCADE,
  session_id uuid,
  request_url text NOT NULL,
  return_to text,
  active text,
  ui json NOT NULL,
  internal jsonb NOT NULL DEFAULT '{}',
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS flows_expires ON identity.flows (expires_at);

CREATE TABLE IF NOT EXISTS identity.codes (
  id uuid PRIMARY KEY,
  flow_id uuid NOT NULL REFERENCES identity.flows(id) ON DELETE CASCADE,
  kind text NOT NULL,
  address text NOT NULL,
  identity_id uuid REFERENCES identity.identities(id) ON DELETE CASCADE,
  code_hmac text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS codes_flow ON identity.codes (flow_id);

CREATE TABLE IF NOT EXISTS identity.courier_messages (
  id uuid PRIMARY KEY,
  type text NOT NULL DEFAULT 'email',
  status text NOT NULL DEFAULT 'queued',
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  template_type text NOT NULL,
  send_count int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS courier_created ON identity.courier_messages (created_at, id);

CREATE TABLE IF NOT EXISTS identity.errors (
  id uuid PRIMARY KEY,
  error jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS identity.continuity (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS identity.rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count int NOT NULL
);

CREATE TABLE IF NOT EXISTS identity.secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
