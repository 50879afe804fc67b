import { createPublicClient, erc20Abi, fallback, formatUnits, http, type PublicClient } from 'viem'
import type { Network } from '../../types'

const clients = new Map<string, PublicClient>()

/**
 * One viem client per network and endpoint list: viem's http transport batches (up to 1000),
 * retries (150 ms base, 3 times) and times out (10 s); fallback moves across endpoints.
 */
export function clientFor(network: Network, rpcUrls: string[]): PublicClient {
  const key = `${network.caipNetworkId}|${rpcUrls.join(',')}`
  let client = clients.get(key)
  if (!client) {
    const transports = rpcUrls.map((url) => http(url, { batch: { batchSize: 1000 }, retryCount: 3, retryDelay: 150, timeout: 10_000 }))
    client = createPublicClient({
      chain: {
        id: Number(network.id),
        name: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: { default: { http: rpcUrls } },
      },
      transport: transports.length === 1 ? transports[0]! : fallback(transports),
    }) as PublicClient
    clients.set(key, client)
  }
  return client
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
