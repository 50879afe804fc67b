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

/** One call of a batch: its answer is checked against `schema`. */
export interface SolanaCall<S extends v.GenericSchema = v.GenericSchema> {
  method: string
  params: unknown[]
  schema: S
}

/** Calls per HTTP request: RPC providers cap batches (commonly at 100 or more). */
export const SOLANA_BATCH_MAX = 100

/**
 * Many calls in one JSON-RPC batch a `SOLANA_BATCH_MAX` of them: each settles alone (its value, or
 * the Error of its own failure), so one call's error does not lose the others' answers.
 */
export async function solanaBatch(rpcUrl: string, calls: SolanaCall[]): Promise<(unknown | Error)[]> {
  const out: (unknown | Error)[] = []
  for (let i = 0; i < calls.length; i += SOLANA_BATCH_MAX) out.push(...(await batchRequest(rpcUrl, calls.slice(i, i + SOLANA_BATCH_MAX))))
  return out
}

async function batchRequest(rpcUrl: string, calls: SolanaCall[]): Promise<(unknown | Error)[]> {
  const ids = calls.map(() => nextId++)
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params }))),
    signal: AbortSignal.timeout(5_000),
  })
  if (!res.ok) throw new Error(`Solana RPC batch of ${calls.length}: HTTP ${res.status}`)
  const body: unknown = await res.json()
  // A node that takes no batches answers one error object: the calls then go one by one.
  if (!Array.isArray(body)) return Promise.all(calls.map((c) => solanaRpc(rpcUrl, c.method, c.params, c.schema).catch((error: unknown) => toError(error))))
  const replies = new Map(v.parse(v.array(RpcReply), body).map((r) => [r.id, r]))
  return calls.map((c, i) => {
    const reply = replies.get(ids[i]!)
    if (!reply) return new Error(`Solana RPC ${c.method}: no answer in the batch`)
    if ('error' in reply) return new Error(`Solana RPC ${c.method}: ${reply.error.message}`)
    const parsed = v.safeParse(c.schema, reply.result)
    return parsed.success ? parsed.output : new Error(`Solana RPC ${c.method}: unexpected result (${parsed.issues[0].message})`)
  })
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

const tokenAccountsCall = (owner: string, programId: string): SolanaCall<typeof TokenAccountsResult> => ({
  method: 'getTokenAccountsByOwner',
  params: [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
  schema: TokenAccountsResult,
})

const accountsOf = (result: v.InferOutput<typeof TokenAccountsResult>) => result.value.map((a) => ({ ...a.account.data.parsed.info, pubkey: a.pubkey }))

/**
 * The token accounts (classic and Token-2022) of each owner, whose history holds its incoming SPL
 * moves: every owner's two calls in one batch. Token-2022 is optional on small RPC fronts: its
 * failure means no such accounts; the classic program's fails the whole read.
 */
export async function tokenAccountAddresses(rpcUrl: string, owners: string[]): Promise<Map<string, string[]>> {
  const answers = await solanaBatch(rpcUrl, owners.flatMap((o) => [tokenAccountsCall(o, TOKEN_PROGRAM), tokenAccountsCall(o, TOKEN_2022_PROGRAM)]))
  const byOwner = new Map<string, string[]>()
  owners.forEach((owner, i) => {
    const [classic, token2022] = [answers[2 * i], answers[2 * i + 1]]
    if (classic instanceof Error) throw classic
    const found = [classic, token2022 instanceof Error ? { value: [] } : token2022] as v.InferOutput<typeof TokenAccountsResult>[]
    byOwner.set(owner, found.flatMap((r) => accountsOf(r).map((a) => a.pubkey)))
  })
  return byOwner
}

/** Lamports and SPL token holdings of an owner, read with standard Solana JSON-RPC. */
export async function solanaBalances(rpcUrl: string, owner: string): Promise<{ lamports: bigint; tokens: SplHolding[] }> {
  // One request: SOL, then the classic and Token-2022 accounts (Token-2022's failure: none held).
  const [balance, classic, token2022] = await solanaBatch(rpcUrl, [
    { method: 'getBalance', params: [owner, { commitment: 'confirmed' }], schema: BalanceResult },
    tokenAccountsCall(owner, TOKEN_PROGRAM),
    tokenAccountsCall(owner, TOKEN_2022_PROGRAM),
  ])
  if (balance instanceof Error) throw balance
  if (classic instanceof Error) throw classic
  const held = [classic, token2022 instanceof Error ? { value: [] } : token2022] as v.InferOutput<typeof TokenAccountsResult>[]
  const byMint = new Map<string, SplHolding>()
  for (const info of held.flatMap(accountsOf)) {
    const held = byMint.get(info.mint)
    const amount = BigInt(info.tokenAmount.amount)
    if (held) held.amount += amount
    else byMint.set(info.mint, { mint: info.mint, amount, decimals: info.tokenAmount.decimals })
  }
  return { lamports: BigInt((balance as v.InferOutput<typeof BalanceResult>).value), tokens: [...byMint.values()] }
}
