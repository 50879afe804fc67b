// The local Bitcoin network: a regtest ledger behind an Esplora API, its demo accounts funded at
// start and a block mined on a timer. Started by dev/stack.ts (npm start and the e2e tests).
import { startEsploraServer } from './esplora.ts'
import * as btc from '@scure/btc-signer'
import { demoBitcoinAccount, MAINNET_CAIP, REGTEST_CAIP, type BitcoinKeyAccount } from './keys.ts'
import { BitcoinLedger } from './ledger.ts'

export { MAINNET_CAIP, REGTEST, REGTEST_CAIP, demoBitcoinAccount, accountFromKeys, type BitcoinKeyAccount } from './keys.ts'
export { BitcoinLedger, RejectedTransaction } from './ledger.ts'

/** Each demo account's payment address starts with this much (10 BTC), its ordinal address with 10,000 sats. */
export const DEMO_PAYMENT_SATS = 1_000_000_000n
export const DEMO_ORDINAL_SATS = 10_000n

export interface LocalBitcoin {
  /** The Esplora API's base URL (networks.bitcoinRegtest's endpoint). */
  url: string
  caipNetworkId: typeof REGTEST_CAIP | typeof MAINNET_CAIP
  ledger: BitcoinLedger
  accounts: BitcoinKeyAccount[]
  stop(): Promise<void>
}

/**
 * `mainnet: true` runs the same ledger writing mainnet's addresses (bc1…) under mainnet's chain id,
 * on loopback, as the EVM stack serves chain 1 locally: for apps that build mainnet transactions.
 */
export async function startBitcoin(opts: { port?: number; accounts?: number; blockIntervalMs?: number; mainnet?: boolean } = {}): Promise<LocalBitcoin> {
  const network = opts.mainnet ? btc.NETWORK : undefined
  const ledger = new BitcoinLedger(network)
  const accounts = Array.from({ length: opts.accounts ?? 5 }, (_, i) => demoBitcoinAccount(i, network))
  ledger.fund(accounts.flatMap((a) => [{ address: a.payment.address, sats: DEMO_PAYMENT_SATS }, { address: a.ordinal.address, sats: DEMO_ORDINAL_SATS }]))
  const { server, url } = await startEsploraServer(ledger, opts.port)
  // A block every interval, as regtest nodes under a miner script do; an empty mempool mines nothing.
  const timer = setInterval(() => ledger.mempool.length && ledger.mine(), opts.blockIntervalMs ?? 2000)
  timer.unref()
  return {
    url,
    caipNetworkId: opts.mainnet ? MAINNET_CAIP : REGTEST_CAIP,
    ledger,
    accounts,
    stop: () => {
      clearInterval(timer)
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
