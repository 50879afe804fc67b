// What the relayer's server tests share: quotes across chains, their status, deposits from the
// demo accounts (unlocked on the local nodes) and balances on chain. Chain 0 is eip155:1, chain 1
// eip155:137; demo accounts 1 and 2 hold ETH, POL and USDC.
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { TOKEN_ADDRESS, type LocalChains } from '../../dev/chains/index.ts'
import type { Queryable } from '../../server/db/index.ts'
import { relayIdle } from '../../server/pay-relay-context.ts'

export interface RelayTestCtx { api?: { url: string; db: Queryable }; chains?: LocalChains }

export const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
export const fresh = () => privateKeyToAccount(generatePrivateKey()).address
export const reader = (ctx: RelayTestCtx, i: number) => createPublicClient({ transport: http(ctx.chains!.chains[i]!.rpcUrl) })
export const usdcOf = (ctx: RelayTestCtx, i: number, owner: Hex) => reader(ctx, i).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** `amount` USDC (6 decimals) on Ethereum to the recipient, paid from Polygon in USDC by demo account 1. */
export async function relayQuote(ctx: RelayTestCtx, recipient: Hex, amount = '3', over: Record<string, unknown> = {}) {
  const body = { user: ctx.chains!.accounts[1], originChainId: '137', originCurrency: TOKEN_ADDRESS, destinationChainId: '1', destinationCurrency: TOKEN_ADDRESS, recipient, amount: parseUnits(amount, 6).toString(), ...over }
  const res = await fetch(`${ctx.api!.url}/appkit/v1/transfers/quote?projectId=test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const q = (await res.json()) as any
  if (res.status !== 200) throw new Error(`quote: ${res.status} ${JSON.stringify(q)}`)
  const step = q.steps[0]
  const depositAddress = (step.type === 'deposit' ? step.deposit.receiver : `0x${step.transaction.data.slice(34, 74)}`) as Hex
  return { requestId: step.requestId as string, amount: BigInt(q.origin.amount), depositAddress }
}

/** The status route's answer, at once (from the database). */
export async function statusNow(ctx: RelayTestCtx, requestId: string): Promise<string> {
  const res = await fetch(`${ctx.api!.url}/appkit/v1/transfers/status?projectId=test&requestId=${requestId}`)
  return ((await res.json()) as any).status
}

/**
 * The status after a look that started after this call: asked (the route starts the look in the
 * background), the look awaited, then read as the route reads it (asking again would start another).
 */
export async function relayStatus(ctx: RelayTestCtx, requestId: string): Promise<string> {
  const asked = await statusNow(ctx, requestId)
  await relayIdle(ctx.api!.db)
  const [row] = await ctx.api!.db.query<{ status: string }>('SELECT status FROM pay_relays WHERE request_id = $1', [requestId])
  return row ? (row.status === 'refunded' ? 'refund' : row.status) : asked
}

/** Sends from an unlocked demo account on chain i and waits for it. */
export async function send(ctx: RelayTestCtx, i: number, tx: { from: Hex; to: Hex; data?: Hex; value?: bigint }) {
  const wallet = createWalletClient({ account: tx.from, transport: http(ctx.chains!.chains[i]!.rpcUrl) })
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ?? 0n, chain: null })
  return reader(ctx, i).waitForTransactionReceipt({ hash })
}

/** A USDC deposit on Polygon from a demo account. */
export const depositUsdc = (ctx: RelayTestCtx, from: Hex, to: Hex, amount: bigint) =>
  send(ctx, 1, { from, to: TOKEN_ADDRESS, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })
