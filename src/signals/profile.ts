import type { Store } from './store'
import type { ChainNamespace } from '../types'
import { getIdentity, reverseLookup } from '../api/blockchain'
import { accountFor, setAccountState } from './account'

/** SPEC section 9: identities are cached 5 minutes. */
export const IDENTITY_CACHE_MS = 5 * 60_000

/**
 * Profile name and avatar for the namespace's account (EVM only). SPEC section 8: when the
 * identity lookup fails, fall back to a name lookup, and clear the avatar except on chain 1.
 */
export async function refreshProfile(store: Store, namespace: ChainNamespace): Promise<void> {
  const account = accountFor(store, namespace)
  if (namespace !== 'eip155' || !account.address) return
  const address = account.address
  const api = { baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId }
  const cached = store.accounts.profiles.get(address)
  let profile = cached && Date.now() - cached.at < IDENTITY_CACHE_MS ? cached : undefined
  if (!profile) {
    try {
      profile = { ...(await getIdentity(api, address)), at: Date.now() }
    } catch {
      const name = await reverseLookup(api, address).catch(() => undefined)
      const onMainnet = store.network.activeNetwork.peek().id === 1
      profile = { name, avatar: onMainnet ? account.profileImage : undefined, at: Date.now() }
    }
    store.accounts.profiles.set(address, profile)
  }
  if (accountFor(store, namespace).address !== address) return
  setAccountState(store, namespace, { profileName: profile.name, profileImage: profile.avatar })
}
