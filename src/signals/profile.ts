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
  const profile = await lookupProfile(store, address, store.network.activeNetwork.peek().id === 1 ? account.profileImage : undefined)
  if (accountFor(store, namespace).address !== address) return
  setAccountState(store, namespace, { profileName: profile.name, profileImage: profile.avatar })
}

/** The identity of an address, cached; `avatar` stands in when only the name lookup answers. */
async function lookupProfile(store: Store, address: string, avatar?: string): Promise<{ name?: string; avatar?: string }> {
  const api = { baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId }
  const cached = store.accounts.profiles.get(address)
  let profile = cached && Date.now() - cached.at < IDENTITY_CACHE_MS ? cached : undefined
  if (!profile) {
    try {
      profile = { ...(await getIdentity(api, address)), at: Date.now() }
    } catch {
      const name = await reverseLookup(api, address).catch(() => undefined)
      profile = { name, avatar, at: Date.now() }
    }
    store.accounts.profiles.set(address, profile)
  }
  return profile
}

/**
 * AppKit's syncIdentity({ address, chainId, chainNamespace }): EVM only; a testnet clears the
 * name and avatar; otherwise the identity is looked up as on connect, for that address.
 */
export async function syncIdentity(store: Store, { address, chainId, chainNamespace }: { address: string; chainId: number | string; chainNamespace: ChainNamespace }): Promise<void> {
  if (chainNamespace !== 'eip155') return
  const network = store.network.networks.peek().find((n) => n.caipNetworkId === `eip155:${chainId}`)
  if (network?.testnet) return setAccountState(store, chainNamespace, { profileName: undefined, profileImage: undefined })
  const account = accountFor(store, chainNamespace)
  const { name, avatar } = await lookupProfile(store, address, Number(chainId) === 1 ? account.profileImage : undefined)
  setAccountState(store, chainNamespace, { profileName: name, profileImage: avatar })
}
