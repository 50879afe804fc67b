// AppKit Pay through an exchange (AppKit's reown_getExchanges, reown_getExchangePayUrl and
// reown_getExchangeBuyStatus): the exchanges this server offers, the CAIP-19 assets they sell on
// the chains it serves, and the payments started, kept in the database.
import { randomBytes } from 'node:crypto'
import type { Queryable } from './db/index.ts'
import { erc20Abi } from 'viem'
import type { TokenInfo, EvmChain } from './chain/evm.ts'
import { nativeCurrency } from './fixtures.ts'
import type { ServerState } from './state.ts'
import { sandboxSellsOn, treasuryOf } from './onramp-sandbox.ts'

/** AppKit Pay's test exchange id (its ConstantsUtil.REOWN_TEST_EXCHANGE_ID): the sandbox page. */
export const SANDBOX_EXCHANGE_ID = 'reown_test'
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#1f4fd6"/><path d="M12 20h16M20 12v16" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>')}`

export interface Exchange { id: string; imageUrl: string; name: string }

/** The exchanges on offer: the sandbox exchange, while the sandbox page runs (development only). */
export function exchangesOffered(state: ServerState): Exchange[] {
  return state.onrampSandboxUrl ? [{ id: SANDBOX_EXCHANGE_ID, imageUrl: ICON, name: 'Postern Test Exchange' }] : []
}

type SoldAsset = { network: string; asset: string; metadata: { name: string; symbol: string; decimals: number } }

/**
 * What an exchange sells (AppKit's /appkit/v1/transfers/assets/exchanges/:id), per namespace: the
 * sandbox, each development chain's native coin and the tokens its treasury holds. Undefined for
 * an exchange not on offer.
 */
export async function exchangeAssets(state: ServerState, exchangeId: string): Promise<Record<string, SoldAsset[]> | undefined> {
  if (!exchangesOffered(state).some((e) => e.id === exchangeId)) return undefined
  const perChain = await Promise.all(state.evm.map(async (chain): Promise<SoldAsset[]> => {
    if (!(await sandboxSellsOn(chain))) return []
    const treasury = await treasuryOf(chain)
    const held = await Promise.all(chain.trusted.map((t) => chain.client.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [treasury] }).catch(() => 0n)))
    const tokens = chain.trusted.filter((_, i) => held[i]! > 0n).map((t) => ({ network: chain.caip, asset: t.address, metadata: { name: t.name, symbol: t.symbol, decimals: t.decimals } }))
    return [{ network: chain.caip, asset: 'native', metadata: { ...nativeCurrency(chain.chainId) } }, ...tokens]
  }))
  return { eip155: perChain.flat() }
}

/** A CAIP-19 asset this server can deliver: a served chain's native coin (slip44) or a trusted ERC-20. */
export interface PayAsset { chain: EvmChain; token: TokenInfo | undefined; symbol: string }

const CAIP19 = /^eip155:(\d{1,12})\/(slip44|erc20):([0-9a-zA-Z]{1,64})$/

/** The asset named by a CAIP-19 id (`eip155:1/slip44:60`, `eip155:1/erc20:0x…`); undefined when not served. */
export function payAsset(state: ServerState, caip19: string): PayAsset | undefined {
  const m = CAIP19.exec(caip19)
  if (!m) return undefined
  const chain = state.evm.find((c) => c.chainId === Number(m[1]))
  if (!chain) return undefined
  if (m[2] === 'slip44') return { chain, token: undefined, symbol: nativeCurrency(chain.chainId).symbol }
  const token = chain.trusted.find((t) => t.address.toLowerCase() === m[3]!.toLowerCase())
  return token && { chain, token, symbol: token.symbol }
}

export interface PaySession {
  id: string
  project_id: string
  exchange_id: string
  chain_id: number
  asset: string
  token_address: string | null
  amount: string
  recipient: string
  status: 'pending' | 'completed' | 'failed'
  tx_hash: string | null
  created_at: number
}

export async function createPaySession(db: Queryable, s: Omit<PaySession, 'id' | 'status' | 'tx_hash' | 'created_at'>): Promise<string> {
  const id = randomBytes(16).toString('hex')
  await db.query(
    `INSERT INTO pay_sessions (id, project_id, exchange_id, chain_id, asset, token_address, amount, recipient, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, s.project_id, s.exchange_id, s.chain_id, s.asset, s.token_address, s.amount, s.recipient, Date.now()],
  )
  return id
}

export async function paySessionById(db: Queryable, id: string): Promise<PaySession | undefined> {
  if (!/^[0-9a-f]{32}$/.test(id)) return undefined
  const [row] = await db.query<PaySession & Record<string, unknown>>('SELECT * FROM pay_sessions WHERE id = $1', [id])
  return row
}

/** Ends a pending payment once (completed or failed); false when it had already ended. */
export async function endPaySession(db: Queryable, id: string, status: 'completed' | 'failed'): Promise<boolean> {
  const rows = await db.query("UPDATE pay_sessions SET status = $2 WHERE id = $1 AND status = 'pending' RETURNING id", [id, status])
  return rows.length === 1
}

export async function recordPayment(db: Queryable, id: string, hash: string): Promise<void> {
  await db.query('UPDATE pay_sessions SET tx_hash = $2 WHERE id = $1', [id, hash])
}

/** AppKit's buy status: pending is IN_PROGRESS; completed is SUCCESS once its transaction is recorded. */
export function buyStatus(s: PaySession): { status: 'UNKNOWN' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'; txHash?: string } {
  if (s.status === 'failed') return { status: 'FAILED' }
  if (s.status === 'completed' && s.tx_hash) return { status: 'SUCCESS', txHash: s.tx_hash }
  return { status: 'IN_PROGRESS' }
}
