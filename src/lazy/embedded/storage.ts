// What a login leaves in storage and what a disconnect clears (SPEC sections 3 and 4).
import { removeStored, writeStored } from '../../utils/storage'
import { EMBEDDED_KEYS } from '../../utils/embedded-keys'

export { EMBEDDED_KEYS }

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
  for (const key of [EMBEDDED_KEYS.emailLoginUsed, EMBEDDED_KEYS.email, EMBEDDED_KEYS.lastUsedChainId, EMBEDDED_KEYS.socialUsername, EMBEDDED_KEYS.connectedSocial]) removeStored(key)
}
