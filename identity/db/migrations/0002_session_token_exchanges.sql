-- Kratos's session token exchange (native apps signing in through a browser): a login or
-- registration API flow created with return_session_token_exchange_code=true gets an init code;
-- the browser's return_to gets the return-to code once the flow issued a session; both together
-- are exchanged for the session token at GET /sessions/token-exchange.
CREATE TABLE IF NOT EXISTS identity.session_token_exchanges (
  id uuid PRIMARY KEY,
  flow_id uuid NOT NULL REFERENCES identity.flows(id) ON DELETE CASCADE,
  session_id uuid REFERENCES identity.sessions(id) ON DELETE CASCADE,
  init_code text NOT NULL,
  return_to_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS session_token_exchanges_flow ON identity.session_token_exchanges (flow_id);
CREATE INDEX IF NOT EXISTS session_token_exchanges_codes ON identity.session_token_exchanges (init_code, return_to_code);
