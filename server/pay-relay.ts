// AppKit Pay's routes across chains (its transfers API with the origin and destination on different
// chains), through this server's relayer on development chains. Each quote gets a deposit address
// of its own on the origin chain. Once the full deposit is seen there on chain, the relayer pays
// the recipient the exact amount on the destination chain from its treasury, once (a token it
// lacks is bought on that chain's DEX for the recipient). With the payer named (a wallet), the
// quote's step is the deposit transaction; without (an exchange pays), a deposit step to pay to.
import { randomBytes } from 'node:crypto'
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { estimate, isNative, NATIVE_TOKEN } from './chain/dex.ts'
import type { EvmChain, TokenInfo } from './chain/evm.ts'
import { nativeCurrency } from './fixtures.ts'
import { sandboxSellsOn } from './onramp-sandbox.ts'
import { cheapestPath, currency, QuoteError, type QuoteRequest, type QuoteStatus } from './pay-quote.ts'

export { configurePayRelay, type PayRelayOptions } from './pay-relay-context.ts'
import { relayContext } from './pay-relay-context.ts'
import { nudgeRelay } from './pay-relay-jobs.ts'
import { sealDepositKey } from './pay-relay-key.ts'
import { chainNow, LATE_DEPOSIT_WATCH_MS, relayById } from './pay-relay-work.ts'
import type { ServerState } from './state.ts'

/** The relayer's fee on the deposit (0.5 %), shown as the quote's service fee. */
const RELAY_FEE_BPS = 50n
/** How long a deposit is awaited. */
const DEADLINE_S = 20 * 60
/** Gas of a deposit transfer, when the node cannot estimate it. */
const DEPOSIT_GAS = 65_000n
/** AppKit rounds an exchange's deposit to 8 decimals: deposits are quoted in whole such steps. */
const EXCHANGE_DECIMALS = 8
/** What the local chains take to confirm a deposit and pay across, as the quote tells the modal. */
const TIME_IN_SECONDS = 10

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const chainOf = (state: ServerState, chainId: number) => state.evm.find((c) => c.chainId === chainId)

/** A token both chains' DEXes trade at the same address (USDC here): what a route across chains is priced in. */
function bridgeToken(a: EvmChain, b: EvmChain): TokenInfo | undefined {
  return a.dex?.tokens.find((t) => b.dex?.tokens.some((u) => same(u.address, t.address) && u.decimals === t.decimals))
}

/** The origin currency worth `amountOut` of the destination currency at the two DEXes' prices, through the bridge token. */
async function originAmount(a: EvmChain, b: EvmChain, from: Address, to: Address, amountOut: bigint): Promise<bigint | undefined> {
  const bridge = bridgeToken(a, b)
  if (!bridge) return undefined
  const mid = same(to, bridge.address) ? amountOut : (await cheapestPath(b, bridge.address, to, amountOut))?.amountIn
  if (mid === undefined) return undefined
  return same(from, bridge.address) ? mid : (await cheapestPath(a, from, bridge.address, mid))?.amountIn
}

function depositCall(from: Address, currency: Address, receiver: Address, amount: bigint) {
  return isNative(currency)
    ? { from, to: receiver, data: '0x' as Hex, value: amount }
    : { from, to: getAddress(currency), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }), value: 0n }
}

/** A quote across chains (AppKit's Quote shape): the deposit on the origin chain, the exact amount paid on the destination. */
export async function createRelayQuote(state: ServerState, projectId: string, q: QuoteRequest): Promise<Record<string, unknown>> {
  const route = `No route from eip155:${q.originChainId} to eip155:${q.destinationChainId}`
  const a = chainOf(state, q.originChainId)
  const b = chainOf(state, q.destinationChainId)
  if (!a?.dex) throw new QuoteError(`originChainId: eip155:${q.originChainId} has no exchange to route through`)
  if (!b?.dex) throw new QuoteError(`destinationChainId: eip155:${q.destinationChainId} has no exchange to route through`)
  // The relayer pays from a development node's treasury, and only between development chains.
  if (!(await sandboxSellsOn(a)) || !(await sandboxSellsOn(b))) throw new QuoteError(`${route}: the relayer serves development chains only`)
  const origin = currency(a, q.originCurrency, 'originCurrency')
  const destination = currency(b, q.destinationCurrency, 'destinationCurrency')
  const base = await originAmount(a, b, q.originCurrency, q.destinationCurrency, q.amount)
  if (!base) throw new QuoteError(`No route pays ${destination.metadata.symbol} on ${b.caip} with ${origin.metadata.symbol} on ${a.caip}: not enough liquidity`)
  const fee = (base * RELAY_FEE_BPS) / 10_000n + 1n
  let amount = base + fee
  // An exchange is told the deposit in 8 decimals at most (AppKit rounds it): whole steps, rounded up.
  const step = 10n ** BigInt(Math.max(0, origin.metadata.decimals - EXCHANGE_DECIMALS))
  if (!q.user) amount = ((amount + step - 1n) / step) * step
  const key = generatePrivateKey()
  const receiver = privateKeyToAccount(key).address
  const requestId = `0x${randomBytes(32).toString('hex')}`
  // Deposits are looked for from this block on and judged by their blocks' time; the key is kept sealed (pay-relay-key.ts).
  const latest = await a.client.getBlock({ blockTag: 'latest' })
  const originBlock = latest.number
  const deadline = chainNow(latest.timestamp) + DEADLINE_S
  const sealed = sealDepositKey(relayContext(state).sealKey, requestId, key)
  await state.db.query(
    `INSERT INTO pay_relays (request_id, project_id, origin_chain_id, origin_currency, deposit_amount, deposit_address, deposit_key, destination_chain_id, destination_currency, recipient, amount_out, deadline, origin_block, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [requestId, projectId, a.chainId, q.originCurrency.toLowerCase(), String(amount), receiver.toLowerCase(), sealed, b.chainId, q.destinationCurrency.toLowerCase(), getAddress(q.recipient).toLowerCase(), String(q.amount), deadline, String(originBlock), Date.now()],
  )
  const native = { network: a.caip, asset: 'native', metadata: { ...nativeCurrency(a.chainId) } }
  const fees = [{ id: 'service', label: 'Service Fee', amount: String(amount - base), currency: origin }]
  let steps
  if (q.user) {
    const call = depositCall(getAddress(q.user), q.originCurrency, receiver, amount)
    const gas = await estimate(a, call, DEPOSIT_GAS)
    fees.unshift({ id: 'network', label: 'Network Fee', amount: String(gas * (await a.client.getGasPrice())), currency: native })
    steps = [{ requestId, type: 'transaction', transaction: { ...call, value: String(call.value), chainId: a.chainId, gas: String(gas) } }]
  } else {
    steps = [{ requestId, type: 'deposit', deposit: { amount: String(amount), currency: isNative(q.originCurrency) ? NATIVE_TOKEN : getAddress(q.originCurrency), receiver } }]
  }
  return { origin: { amount: String(amount), currency: origin }, destination: { amount: String(q.amount), currency: destination }, steps, fees, timeInSeconds: TIME_IN_SECONDS }
}

/** AppKit's status of a relayed quote: refunded in full is its 'refund'. */
const reported = (status: string): QuoteStatus => (status === 'refunded' ? 'refund' : (status as QuoteStatus))

/**
 * A relayed quote's status as the relayer's last look left it (pay-relay-work.ts): waiting until
 * its full deposit is on chain in time; pending while the recipient is paid; then success (or
 * failure when every payout attempt reverted); timeout once the deadline passed without it, refund
 * once what came late or short went back. The request never waits on a chain: a quote still open
 * gets a look in the background at once (pay-relay-jobs.ts), which the modal's next ask reports.
 * With `unattributed`: native coin held at the deposit address that no transfer to it explains
 * (pay-relay-unattributed.ts), in the origin chain's base units. Undefined for an unknown quote or
 * another project's.
 */
export async function relayStatus(state: ServerState, projectId: string, requestId: string): Promise<{ status: QuoteStatus; unattributed?: string } | undefined> {
  const r = await relayById(state.db, requestId)
  if (!r || r.project_id !== projectId) return undefined
  if (r.status === 'waiting' || r.status === 'pending' || r.swept_at === null || Date.now() - Number(r.created_at) < LATE_DEPOSIT_WATCH_MS) {
    nudgeRelay(relayContext(state), requestId)
  }
  const unattributed = String(r['unattributed'] ?? '0')
  return { status: reported(r.status), ...(unattributed !== '0' && { unattributed }) }
}
