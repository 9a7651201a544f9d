-- OAuth `state` nonces of the Google Calendar connection ([google.oauth-state] in docs/product.md): each is bound to the
-- admin session that started the consent, used once, and expires after 10 minutes. Only
-- SHA-256 hashes are stored, of the nonce and of the session token (as `sessions` does).

CREATE TABLE oauth_states (
  nonce_hash         TEXT PRIMARY KEY,
  session_token_hash TEXT NOT NULL,
  created_at         TEXT NOT NULL
);
CREATE INDEX oauth_states_created_at ON oauth_states (created_at);
