// SPEC section 3's embedded-wallet storage keys, under Postern's prefix. A leaf module: the runtime
// reads the login flag on load (to restore the session) without importing the embedded chunk.
export const EMBEDDED_KEYS = {
  emailLoginUsed: '@postern/email_login_used',
  email: '@postern/email',
  lastEmailLoginTime: '@postern/last_email_login_time',
  socialUsername: '@postern/social_username',
  /** The social provider of the login (AppKit's connected_social); absent for e-mail. */
  connectedSocial: '@postern/connected_social',
  lastUsedChainId: '@postern/last_used_chain_id',
  preferredAccountType: '@postern/preferred_account_type',
  smartAccountEnabled: '@postern/smart_account_enabled',
  smartAccountEnabledNetworks: '@postern/smart_account_enabled_networks',
} as const
