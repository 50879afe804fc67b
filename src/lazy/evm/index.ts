import { createPublicClient, erc20Abi, fallback, formatUnits, http, type PublicClient } from 'viem'
import type { Network } from '../../types'
import { RPC_RETRY, rpcTransport } from '../../utils/rpc'

const clients = new Map<string, PublicClient>()

/**
 * One viem client per network and endpoint list: viem's http transport batches (up to 1000),
 * retries (150 ms base, 3 times) and times out (10 s); fallback moves across endpoints.
 */
export function clientFor(network: Network, rpcUrls: string[]): PublicClient {
  const key = `${network.caipNetworkId}|${rpcUrls.join(',')}`
  let client = clients.get(key)
  if (!client) {
    client = createPublicClient({
      chain: {
        id: Number(network.id),
        name: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: { default: { http: rpcUrls } },
      },
      transport: rpcTransport({ http, fallback }, rpcUrls, { batchSize: 1000 }),
    }) as PublicClient
    clients.set(key, client)
  }
  return client
}

const healthy = new Map<string, { url: Promise<string | undefined>; at: number }>()
/** How long an endpoint found answering is kept before it is asked again. */
const HEALTHY_MS = 60_000

/**
 * The first endpoint that answers (`probe`, eth_chainId or a Solana node's getHealth, with the
 * spec's retry and timeout), for what takes one URL, such as the embedded wallet's frame: a
 * refused first endpoint is passed over. Kept a minute; none answering gives the first, so the
 * caller's own error shows.
 */
export function healthyRpcUrl(urls: string[], probe: 'eth_chainId' | 'getHealth' = 'eth_chainId'): Promise<string | undefined> {
  if (urls.length < 2) return Promise.resolve(urls[0])
  const key = `${probe} ${urls.join(',')}`
  const known = healthy.get(key)
  if (known && Date.now() - known.at < HEALTHY_MS) return known.url
  const url = (async () => {
    for (const u of urls) {
      try {
        await createPublicClient({ transport: http(u, RPC_RETRY) }).request({ method: probe } as never)
        return u
      } catch {
        // refused, failing or too slow: the next one
      }
    }
    healthy.delete(key)
    return urls[0]
  })()
  healthy.set(key, { url, at: Date.now() })
  return url
}

/** An ERC-20 balance with the token's own symbol and decimals (the `tokens` option). */
export async function getTokenBalance(rpcUrls: string[], network: Network, owner: string, token: string) {
  const client = clientFor(network, rpcUrls)
  const contract = { address: token as `0x${string}`, abi: erc20Abi } as const
  const [amount, decimals, symbol] = await Promise.all([
    client.readContract({ ...contract, functionName: 'balanceOf', args: [owner as `0x${string}`] }),
    client.readContract({ ...contract, functionName: 'decimals' }),
    client.readContract({ ...contract, functionName: 'symbol' }),
  ])
  return { balance: formatUnits(amount, decimals), symbol }
}

export async function getNativeBalance(rpcUrls: string[], network: Network, address: string) {
  const wei = await clientFor(network, rpcUrls).getBalance({ address: address as `0x${string}` })
  return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
}
