import type { Store } from './store'
import type { ChainNamespace } from '../types'
import { getBalances, type ApiTokenBalance } from '../api/blockchain'
import { accountFor, setAccountState } from './account'
import { walletAssets } from './wallet-assets'

/** SPEC section 9: portfolios are cached 30 s, and a failed read locks retries for 30 s. */
export const TOKEN_BALANCE_CACHE_MS = 30_000
/** SPEC section 9: the namespaces whose balances the blockchain API serves. */
export const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'tron', 'bip122', 'sui']
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/**
 * Reads the active account's holdings on its current network into its state. `force` skips the
 * cache and the retry lock and asks the API to skip its own (after a send). Never throws: a
 * failure or an unsupported network sets tokenBalanceError ('Token Balance Unavailable').
 */
export async function refreshTokenBalances(store: Store, namespace: ChainNamespace = store.network.activeNamespace.peek(), { force = false } = {}): Promise<ApiTokenBalance[]> {
  const account = accountFor(store, namespace)
  const network = store.network.activeNetwork.peek()
  if (!account.address || !account.caipAddress) return []
  if (!BALANCE_NAMESPACES.includes(namespace) || store.network.unsupported.peek() || network.chainNamespace !== namespace) {
    setAccountState(store, namespace, { tokenBalance: [], tokenBalanceError: true, tokenBalanceLoading: false })
    return []
  }
  const key = account.caipAddress
  const cached = store.accounts.tokenBalances.get(key)
  if (cached && !force && Date.now() - cached.at < TOKEN_BALANCE_CACHE_MS) {
    setAccountState(store, namespace, { tokenBalance: cached.balances ?? [], tokenBalanceError: !cached.balances, tokenBalanceLoading: false })
    return cached.balances ?? []
  }
  setAccountState(store, namespace, { tokenBalanceLoading: true })
  const api = { baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId }
  let balances: ApiTokenBalance[] | undefined
  try {
    // A wallet that lists its own assets (EIP-7811) is asked first; the balance API is the fallback.
    balances = (await walletAssets(store, network)) ?? await getBalances(api, account.address, { chainId: network.caipNetworkId, forceUpdate: force ? String(Date.now()) : undefined })
    balances = balances.filter((b) => b.quantity.decimals !== '0')
  } catch {
    balances = undefined
  }
  store.accounts.tokenBalances.set(key, { at: Date.now(), balances })
  // The account may have moved on while the request ran: its own read will follow.
  if (accountFor(store, namespace).caipAddress === key) {
    setAccountState(store, namespace, { tokenBalance: balances ?? [], tokenBalanceError: !balances, tokenBalanceLoading: false })
  }
  return balances ?? []
}
