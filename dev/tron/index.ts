// The local TRON network for the dev stack and the e2e tests: a full node's HTTP API subset
// (./server.ts) over a ledger with demo accounts and a TRC-20 demo token.
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { addressOf, bytesToHex, demoKey, toBase58Address, toHexAddress } from './crypto.ts'
import { LOCAL_TRON_CHAIN_ID, SUN_PER_TRX, TronLedger, type Token } from './ledger.ts'
import { loadTronLedger, persistTron } from './persist.ts'
import { startHttpServer } from './server.ts'

export { LOCAL_TRON_CHAIN_ID } from './ledger.ts'
export { signMessageV2, verifyMessageV2, addressOf, demoKey } from './crypto.ts'

/** The demo TRC-20 token: Tether's name and 6 decimals, at an address of this network's own (not mainnet USDT's). */
export const DEMO_TRC20 = { name: 'Tether USD', symbol: 'USDT', decimals: 6, address: toBase58Address(`41${bytesToHex(sha256(utf8ToBytes('postern demo trc20'))).slice(0, 40)}`) }
export const DEMO_TRX_PER_ACCOUNT = 10_000n
export const DEMO_TRC20_PER_ACCOUNT = 1_000n

export interface LocalTronAccount {
  address: string
  /** 32 bytes, hex (the form TronLink imports). */
  privateKey: string
}

export interface LocalTron {
  /** The node's HTTP API (as https://api.trongrid.io serves it). */
  url: string
  /** CAIP-2: tron:0x504f5354 (networks.tronLocal). */
  caipNetworkId: string
  accounts: LocalTronAccount[]
  ledger: TronLedger
  stop(): Promise<void>
}

const demoToken = (): Token => ({ address: toHexAddress(DEMO_TRC20.address), name: DEMO_TRC20.name, symbol: DEMO_TRC20.symbol, decimals: DEMO_TRC20.decimals, balances: new Map<string, bigint>() })

/**
 * Starts the node on 127.0.0.1: demo accounts with 10,000 TRX and 1,000 USDT each, a block every
 * `blockMs`. With a `stateDir` the ledger is kept there and taken back on the next start.
 */
export async function startTron(opts: { port?: number; accountCount?: number; blockMs?: number; stateDir?: string } = {}): Promise<LocalTron> {
  const accounts = Array.from({ length: opts.accountCount ?? 5 }, (_, i) => ({ privateKey: demoKey(i), address: addressOf(demoKey(i)) }))
  const restored = opts.stateDir ? await loadTronLedger(opts.stateDir, (state) => new TronLedger(demoToken(), state)) : undefined
  const ledger = restored ?? new TronLedger(demoToken())
  if (!restored) {
    for (const a of accounts) {
      ledger.credit(toHexAddress(a.address), DEMO_TRX_PER_ACCOUNT * SUN_PER_TRX)
      ledger.token.balances.set(toHexAddress(a.address), DEMO_TRC20_PER_ACCOUNT * 10n ** BigInt(DEMO_TRC20.decimals))
    }
  }
  const saver = opts.stateDir ? persistTron(ledger, opts.stateDir) : undefined
  const server = await startHttpServer(ledger, opts.port ?? 0)
  const timer = setInterval(() => ledger.produceBlock(), opts.blockMs ?? 1000)
  timer.unref()
  return {
    url: server.url,
    caipNetworkId: `tron:${LOCAL_TRON_CHAIN_ID}`,
    accounts,
    ledger,
    stop: async () => {
      clearInterval(timer)
      await server.stop()
      await saver?.stop()
    },
  }
}
