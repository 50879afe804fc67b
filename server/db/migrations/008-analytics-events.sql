-- Analytics events posted to /e (SPEC section 7), one row per event; a resent batch adds nothing.
CREATE TABLE IF NOT EXISTS analytics_events (
  event_id text PRIMARY KEY,
  project_id text NOT NULL,
  sdk_type text,
  sdk_version text,
  url text NOT NULL,
  domain text NOT NULL,
  event text NOT NULL,
  occurred_at bigint NOT NULL,
  received_at bigint NOT NULL,
  props jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS analytics_events_project ON analytics_events (project_id, occurred_at);
