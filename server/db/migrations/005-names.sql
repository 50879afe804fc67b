-- Account names registered through POST /v1/profile/account (SPEC section 7), one row per name.
-- Names are stored lower-case with their zone ('alice.reown.id'); an address may hold several.
CREATE TABLE names (
  name text PRIMARY KEY,
  address text NOT NULL,
  coin_type bigint NOT NULL,
  attributes text NOT NULL DEFAULT '{}',
  registered_at bigint NOT NULL,
  updated_at bigint
);
CREATE INDEX names_by_address ON names (lower(address));
