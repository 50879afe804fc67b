// SPEC section 3's embedded-wallet storage keys, under Postern's prefix; kept out of the loader.
import { removeStored, writeStored } from '../../utils/storage'

export const EMBEDDED_KEYS = {
  emailLoginUsed: '@postern/email_login_used',
  email: '@postern/email',
  lastEmailLoginTime: '@postern/last_email_login_time',
  socialUsername: '@postern/social_username',
  lastUsedChainId: '@postern/last_used_chain_id',
  preferredAccountType: '@postern/preferred_account_type',
  smartAccountEnabled: '@postern/smart_account_enabled',
  smartAccountEnabledNetworks: '@postern/smart_account_enabled_networks',
} as const

/** SPEC section 4: login success stores the e-mail, sets the used flag, clears the last-login time. */
export function rememberLogin(email: string | null | undefined, chainId: string | number): void {
  if (email) writeStored(EMBEDDED_KEYS.email, email)
  writeStored(EMBEDDED_KEYS.emailLoginUsed, true)
  writeStored(EMBEDDED_KEYS.lastUsedChainId, String(chainId))
  writeStored(EMBEDDED_KEYS.preferredAccountType, 'eoa')
  removeStored(EMBEDDED_KEYS.lastEmailLoginTime)
}

/** SPEC section 4: disconnect or a failed connection check clears the login cache. */
export function clearLoginCache(): void {
  for (const key of [EMBEDDED_KEYS.emailLoginUsed, EMBEDDED_KEYS.email, EMBEDDED_KEYS.lastUsedChainId, EMBEDDED_KEYS.socialUsername]) removeStored(key)
}
