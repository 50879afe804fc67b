import { randomBytes } from 'node:crypto'
import type { Queryable } from './db/index.ts'
import { nativeCurrency } from './fixtures.ts'
import { solanaOnrampAssets } from './onramp-solana.ts'
import { solanaChain, type ServerState } from './state.ts'

/** SPEC section 9: Coinbase Pay's chain names, with the EVM chain ids they stand for. */
/** Coinbase Pay's name for Solana. */
export const SOLANA_PAY_CHAIN = 'solana'
export const PAY_CHAINS: Record<string, number> = {
  ethereum: 1, arbitrum: 42161, polygon: 137, berachain: 80094, 'avalanche-c-chain': 43114, optimism: 10, celo: 42220, base: 8453,
}
/** The provider's fee (SPEC section 9: 1-2%) and its flat network fee, in the payment currency. */
export const PROVIDER_FEE = 0.015
export const NETWORK_FEE = 0.5
/** SPEC section 9: limits per payment method, in USD and EUR. */
const LIMITS = [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }]

const chainName = (chainId: number) => Object.entries(PAY_CHAINS).find(([, id]) => id === chainId)?.[0] ?? `eip155-${chainId}`

/** What this server sells: each chain's native currency and its trusted tokens, on the chains it
 * serves; on Solana, what its treasury can deliver (onramp-solana.ts). */
export async function onrampOptions(state: ServerState) {
  const purchase = new Map<string, { id: string; name: string; symbol: string; networks: { name: string; display_name: string; chain_id: string; contract_address: string }[] }>()
  const add = (a: { name: string; symbol: string; address: string }, network: { name: string; display_name: string; chain_id: string }) => {
    const entry = purchase.get(a.symbol) ?? { id: a.symbol, name: a.name, symbol: a.symbol, networks: [] }
    entry.networks.push({ ...network, contract_address: a.address })
    purchase.set(a.symbol, entry)
  }
  for (const c of state.evm) {
    for (const a of [{ ...nativeCurrency(c.chainId), address: '' }, ...c.trusted]) add(a, { name: chainName(c.chainId), display_name: chainName(c.chainId), chain_id: String(c.chainId) })
  }
  // Solana's chain_id is its CAIP-2 reference (the genesis hash prefix).
  const solana = { name: SOLANA_PAY_CHAIN, display_name: 'Solana', chain_id: solanaChain(state)?.split(':')[1] ?? '' }
  for (const a of await solanaOnrampAssets(state).catch(() => [])) add({ ...a, address: a.mint }, solana)
  return {
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: LIMITS })),
    purchaseCurrencies: [...purchase.values()],
  }
}

/** A quote in the hosted shape; fees in the payment currency, the purchase at the table's price. */
export function onrampQuote(amount: number, paymentCurrency: string, purchaseSymbol: string, price: number) {
  const fee = Math.round(amount * PROVIDER_FEE * 100) / 100
  const net = Math.max(0, amount - fee - NETWORK_FEE)
  const purchase = price > 0 ? net / price : 0
  const money = (n: number) => ({ amount: n.toFixed(2), currency: paymentCurrency })
  return {
    coinbaseFee: money(fee),
    networkFee: money(NETWORK_FEE),
    paymentSubtotal: money(net),
    paymentTotal: money(amount),
    purchaseAmount: { amount: purchase.toFixed(6), currency: purchaseSymbol },
    quoteId: `quote-${randomBytes(8).toString('hex')}`,
  }
}

export interface OnrampSession {
  id: string
  project_id: string
  address: string
  /** eip155 (on chain_id) or solana (the server's Solana RPC). */
  namespace: 'eip155' | 'solana'
  chain_id: number | null
  asset: string
  fiat_amount: string
  fiat_currency: string
  crypto_amount: string
  redirect_url: string | null
  status: 'pending' | 'completed'
  tx_hash: string | null
  created_at: number
}

export async function createSession(db: Queryable, s: Omit<OnrampSession, 'id' | 'status' | 'tx_hash' | 'created_at'>): Promise<string> {
  const id = randomBytes(16).toString('hex')
  await db.query(
    `INSERT INTO onramp_sessions (id, project_id, address, namespace, chain_id, asset, fiat_amount, fiat_currency, crypto_amount, redirect_url, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [id, s.project_id, s.address, s.namespace, s.chain_id, s.asset, s.fiat_amount, s.fiat_currency, s.crypto_amount, s.redirect_url, Date.now()],
  )
  return id
}

export async function sessionById(db: Queryable, id: string): Promise<OnrampSession | undefined> {
  const [row] = await db.query<OnrampSession & Record<string, unknown>>('SELECT * FROM onramp_sessions WHERE id = $1', [id])
  return row
}

/** Marks a session completed once; false when it already was (a second confirm credits nothing). */
export async function completeSession(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query("UPDATE onramp_sessions SET status = 'completed' WHERE id = $1 AND status = 'pending' RETURNING id", [id])
  return rows.length === 1
}

export async function recordCredit(db: Queryable, id: string, hash: string): Promise<void> {
  await db.query('UPDATE onramp_sessions SET tx_hash = $2 WHERE id = $1', [id, hash])
}
