import * as v from 'valibot'

/** What the indexer needs of getTransaction (jsonParsed); everything else is ignored. */
const Instruction = v.object({
  program: v.optional(v.string()),
  parsed: v.optional(v.unknown()),
})
const SystemTransfer = v.object({
  type: v.literal('transfer'),
  info: v.object({ source: v.string(), destination: v.string(), lamports: v.union([v.number(), v.bigint()]) }),
})
const TokenBalance = v.object({
  mint: v.string(),
  owner: v.optional(v.string()),
  uiTokenAmount: v.object({ amount: v.pipe(v.string(), v.regex(/^\d+$/)), decimals: v.number() }),
})
export const ParsedTransaction = v.nullable(
  v.object({
    slot: v.number(),
    blockTime: v.nullable(v.number()),
    meta: v.nullable(
      v.object({
        err: v.unknown(),
        preTokenBalances: v.optional(v.array(TokenBalance), []),
        postTokenBalances: v.optional(v.array(TokenBalance), []),
        innerInstructions: v.optional(v.nullable(v.array(v.object({ instructions: v.array(Instruction) }))), []),
      }),
    ),
    transaction: v.object({
      message: v.object({ accountKeys: v.array(v.object({ pubkey: v.string() })), instructions: v.array(Instruction) }),
    }),
  }),
)
export type ParsedTransaction = NonNullable<v.InferOutput<typeof ParsedTransaction>>

export interface SolanaMove {
  /** 'native' for SOL, else the mint. */
  asset: string
  from: string
  to: string
  amount: bigint
  decimals: number
}

/** SOL moved by System transfers (top level and inner) and SPL moves read from token balance changes. */
export function solanaMoves(tx: ParsedTransaction): SolanaMove[] {
  if (!tx.meta || tx.meta.err !== null) return []
  const instructions = [...tx.transaction.message.instructions, ...(tx.meta.innerInstructions ?? []).flatMap((g) => g.instructions)]
  const moves: SolanaMove[] = []
  for (const ix of instructions) {
    if (ix.program !== 'system') continue
    const t = v.safeParse(SystemTransfer, ix.parsed)
    if (t.success) moves.push({ asset: 'native', from: t.output.info.source, to: t.output.info.destination, amount: BigInt(t.output.info.lamports), decimals: 9 })
  }
  return [...moves, ...tokenMoves(tx.meta.preTokenBalances, tx.meta.postTokenBalances)]
}

/** Per mint: each owner whose balance grew received it from the owner whose balance shrank most. */
function tokenMoves(pre: v.InferOutput<typeof TokenBalance>[], post: v.InferOutput<typeof TokenBalance>[]): SolanaMove[] {
  const delta = new Map<string, { mint: string; owner: string; change: bigint; decimals: number }>()
  const add = (b: v.InferOutput<typeof TokenBalance>, sign: bigint) => {
    if (!b.owner) return
    const key = `${b.mint}/${b.owner}`
    const d = delta.get(key) ?? { mint: b.mint, owner: b.owner, change: 0n, decimals: b.uiTokenAmount.decimals }
    d.change += sign * BigInt(b.uiTokenAmount.amount)
    delta.set(key, d)
  }
  pre.forEach((b) => add(b, -1n))
  post.forEach((b) => add(b, 1n))
  const all = [...delta.values()]
  const moves: SolanaMove[] = []
  for (const mint of new Set(all.map((d) => d.mint))) {
    const ofMint = all.filter((d) => d.mint === mint)
    const sender = ofMint.filter((d) => d.change < 0n).sort((a, b) => (a.change < b.change ? -1 : 1))[0]
    if (!sender) continue // a mint, not a transfer
    for (const r of ofMint.filter((d) => d.change > 0n)) moves.push({ asset: mint, from: sender.owner, to: r.owner, amount: r.change, decimals: r.decimals })
  }
  return moves
}

/**
 * Every address whose balances the transaction may have changed: its accounts (the fee payer among
 * them) and the owners of the token accounts it moved, as the balance route keys them.
 */
export function touchedBy(tx: ParsedTransaction): string[] {
  const owners = [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])].flatMap((b) => (b.owner ? [b.owner] : []))
  return [...tx.transaction.message.accountKeys.map((k) => k.pubkey), ...owners]
}
