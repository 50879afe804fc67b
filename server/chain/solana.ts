import * as v from 'valibot'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

export interface SplHolding {
  mint: string
  amount: bigint
  decimals: number
}

const RpcReply = v.union([
  v.object({ jsonrpc: v.literal('2.0'), id: v.number(), result: v.unknown() }),
  v.object({ jsonrpc: v.literal('2.0'), id: v.number(), error: v.object({ code: v.number(), message: v.string() }) }),
])

const BalanceResult = v.object({ value: v.number() })

const TokenAccountsResult = v.object({
  value: v.array(
    v.object({
      pubkey: v.string(),
      account: v.object({
        data: v.object({
          parsed: v.object({
            info: v.object({
              mint: v.string(),
              tokenAmount: v.object({ amount: v.pipe(v.string(), v.regex(/^\d+$/)), decimals: v.number() }),
            }),
          }),
        }),
      }),
    }),
  ),
})

let nextId = 1

export async function solanaRpc<const S extends v.GenericSchema>(rpcUrl: string, method: string, params: unknown[], schema: S): Promise<v.InferOutput<S>> {
  const id = nextId++
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    signal: AbortSignal.timeout(5_000),
  })
  if (!res.ok) throw new Error(`Solana RPC ${method}: HTTP ${res.status}`)
  const reply = v.parse(RpcReply, await res.json())
  if ('error' in reply) throw new Error(`Solana RPC ${method}: ${reply.error.message}`)
  const parsed = v.safeParse(schema, reply.result)
  if (!parsed.success) throw new Error(`Solana RPC ${method}: unexpected result (${parsed.issues[0].message})`)
  return parsed.output
}

async function tokenAccounts(rpcUrl: string, owner: string, programId: string) {
  const result = await solanaRpc(rpcUrl, 'getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }], TokenAccountsResult)
  return result.value.map((a) => ({ ...a.account.data.parsed.info, pubkey: a.pubkey }))
}

/** The owner's token accounts (classic and Token-2022), whose history holds its incoming SPL moves. */
export async function tokenAccountAddresses(rpcUrl: string, owner: string): Promise<string[]> {
  const [classic, token2022] = await Promise.all([
    tokenAccounts(rpcUrl, owner, TOKEN_PROGRAM),
    tokenAccounts(rpcUrl, owner, TOKEN_2022_PROGRAM).catch(() => []),
  ])
  return [...classic, ...token2022].map((a) => a.pubkey)
}

/** Lamports and SPL token holdings of an owner, read with standard Solana JSON-RPC. */
export async function solanaBalances(rpcUrl: string, owner: string): Promise<{ lamports: bigint; tokens: SplHolding[] }> {
  const [balance, classic, token2022] = await Promise.all([
    solanaRpc(rpcUrl, 'getBalance', [owner, { commitment: 'confirmed' }], BalanceResult),
    tokenAccounts(rpcUrl, owner, TOKEN_PROGRAM),
    // Token-2022 is optional on small RPC fronts; its absence means no such holdings.
    tokenAccounts(rpcUrl, owner, TOKEN_2022_PROGRAM).catch(() => []),
  ])
  const byMint = new Map<string, SplHolding>()
  for (const info of [...classic, ...token2022]) {
    const held = byMint.get(info.mint)
    const amount = BigInt(info.tokenAmount.amount)
    if (held) held.amount += amount
    else byMint.set(info.mint, { mint: info.mint, amount, decimals: info.tokenAmount.decimals })
  }
  return { lamports: BigInt(balance.value), tokens: [...byMint.values()] }
}
