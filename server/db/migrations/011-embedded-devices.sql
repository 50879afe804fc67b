-- The embedded wallet's devices: a browser that logged in to a user before is known; another one
-- waits for the owner of the mailbox to approve it through a mailed link (device verification).
CREATE TABLE embedded_devices (
  user_id text NOT NULL REFERENCES embedded_users (id),
  device_hash text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);
CREATE TABLE device_links (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  device_hash text NOT NULL,
  expires_at bigint NOT NULL,
  approved_at bigint
);
