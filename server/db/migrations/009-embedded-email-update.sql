-- The embedded wallet's e-mail change: the new address waits here while the current one and then
-- the new one confirm a code (primary, then secondary OTP).
CREATE TABLE email_updates (
  user_id text PRIMARY KEY REFERENCES embedded_users (id),
  new_email text NOT NULL,
  stage text NOT NULL,
  created_at bigint NOT NULL
);
