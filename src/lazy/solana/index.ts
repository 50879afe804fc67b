import * as v from 'valibot'
import { address, createDefaultRpcTransport, createSolanaRpcFromTransport, type Rpc, type RpcTransport, type SolanaRpcApi } from '@solana/kit'
import type { Network, TokenBalance } from '../../types'
import { formatUnits } from '../../utils/units'
import { RPC_RETRY } from '../../utils/rpc'

/** SPL Token and Token-2022: the programs whose accounts hold fungible tokens. */
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'] as const

const clients = new Map<string, Rpc<SolanaRpcApi>>()
/** The HTTP statuses retried on the same endpoint (the spec's list; viem's too, for the EVM reads). */
const RETRY_STATUSES = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/**
 * One endpoint with the spec's policy: each try times out after 10 s; a failure to reach it or a
 * retried status is tried again 3 times, 150 ms then doubling, before the next endpoint.
 */
function withRetry(transport: RpcTransport): RpcTransport {
  return (async (config: Parameters<RpcTransport>[0]) => {
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(RPC_RETRY.timeout)
      try {
        return await transport({ ...config, signal: config.signal ? AbortSignal.any([config.signal, timeout]) : timeout })
      } catch (error) {
        const status = (error as { context?: { statusCode?: unknown } }).context?.statusCode
        const retried = typeof status !== 'number' || RETRY_STATUSES.has(status)
        if (config.signal?.aborted || attempt >= RPC_RETRY.retryCount || !retried) throw error
        await new Promise((r) => setTimeout(r, RPC_RETRY.retryDelay * 2 ** attempt))
      }
    }
  }) as RpcTransport
}

/**
 * One @solana/kit RPC client per endpoint list: a request that fails to reach an endpoint (refused,
 * an HTTP error status; after the spec's retries) goes to the next one, in the order rpcUrlsFor gives; the node's own
 * JSON-RPC errors are answers and do not move on.
 */
export function rpcFor(urls: string | readonly string[]): Rpc<SolanaRpcApi> {
  const list = [urls].flat()
  const key = list.join(' ')
  let rpc = clients.get(key)
  if (!rpc) {
    const transports = list.map((url) => withRetry(createDefaultRpcTransport({ url })))
    const fallback = (async (config: Parameters<RpcTransport>[0]) => {
      let failure: unknown
      for (const transport of transports) {
        try {
          return await transport(config)
        } catch (error) {
          failure = error
          if (config.signal?.aborted) break
        }
      }
      throw failure
    }) as RpcTransport
    rpc = createSolanaRpcFromTransport(transports.length == 1 ? transports[0]! : fallback)
    clients.set(key, rpc)
  }
  return rpc
}

const Integer = v.union([v.bigint(), v.pipe(v.number(), v.integer())])
const Lamports = v.object({ value: Integer })
/** A token account in jsonParsed form; anything the node could not parse fails this and is skipped. */
const ParsedTokenAccount = v.object({
  parsed: v.object({
    info: v.object({
      mint: v.string(),
      tokenAmount: v.object({ amount: v.pipe(v.string(), v.regex(/^\d+$/)), decimals: Integer }),
    }),
  }),
})
const TokenAccounts = v.object({ value: v.array(v.object({ account: v.object({ data: v.unknown() }) })) })


/** The native SOL balance at the confirmed commitment (what a wallet shows after a transfer lands). */
export async function getNativeBalance(rpcUrl: string | readonly string[], network: Network, owner: string) {
  const response = await rpcFor(rpcUrl).getBalance(address(owner), { commitment: 'confirmed' }).send()
  const { value } = v.parse(Lamports, response)
  return { balance: formatUnits(BigInt(value), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
}

/**
 * Fungible SPL holdings (Token and Token-2022), summed per mint. Accounts with 0 decimals
 * (NFTs) are dropped, as the spec drops token entries whose decimals are "0".
 */
export async function getTokenBalances(rpcUrl: string | readonly string[], network: Network, owner: string): Promise<TokenBalance[]> {
  const rpc = rpcFor(rpcUrl)
  const responses = await Promise.all(
    TOKEN_PROGRAMS.map((program) =>
      rpc.getTokenAccountsByOwner(address(owner), { programId: address(program) }, { encoding: 'jsonParsed', commitment: 'confirmed' }).send(),
    ),
  )
  const byMint = new Map<string, { amount: bigint; decimals: number }>()
  for (const response of responses) {
    for (const { account } of v.parse(TokenAccounts, response).value) {
      const parsed = v.safeParse(ParsedTokenAccount, account.data)
      if (!parsed.success) continue
      const { mint, tokenAmount } = parsed.output.parsed.info
      const decimals = Number(tokenAmount.decimals)
      if (decimals === 0) continue
      const held = byMint.get(mint)
      byMint.set(mint, { amount: (held?.amount ?? 0n) + BigInt(tokenAmount.amount), decimals })
    }
  }
  return [...byMint].map(([mint, { amount, decimals }]) => ({
    address: mint,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
  }))
}
