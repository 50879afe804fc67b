import type { Store } from '../../signals/store'
import type { Network } from '../../types'
import { rpcUrlsFor } from '../../signals/adapters'

/**
 * The one endpoint a frame request names: the first of the network's endpoints that answers
 * (healthyRpcUrl; Solana endpoints are asked getHealth, EVM ones eth_chainId).
 */
export function embeddedRpcUrl(store: Store, n: Network): Promise<string | undefined> {
  const urls = rpcUrlsFor(store, n)
  if (urls.length < 2) return Promise.resolve(urls[0])
  return import('../evm/index').then((evm) => evm.healthyRpcUrl(urls, n.chainNamespace === 'solana' ? 'getHealth' : 'eth_chainId'))
}
