// The local Bitcoin network: a regtest ledger behind an Esplora API, its demo accounts funded at
// start and a block mined on a timer. Started by dev/stack.ts (npm start and the e2e tests).
import { startEsploraServer } from './esplora.ts'
import { CAIP_OF, demoBitcoinAccount, ENCODINGS, type BitcoinKeyAccount, type BitcoinNetName } from './keys.ts'
import { BitcoinLedger } from './ledger.ts'

export { MAINNET_CAIP, TESTNET_CAIP, REGTEST, REGTEST_CAIP, ENCODINGS, CAIP_OF, encodingOfChain, demoBitcoinAccount, accountFromKeys, type BitcoinKeyAccount, type BitcoinNetName } from './keys.ts'
export { BitcoinLedger, RejectedTransaction } from './ledger.ts'

/** Each demo account's payment address starts with this much (10 BTC), its ordinal address with 10,000 sats. */
export const DEMO_PAYMENT_SATS = 1_000_000_000n
export const DEMO_ORDINAL_SATS = 10_000n

export interface LocalBitcoin {
  /** The Esplora API's base URL (networks.bitcoinRegtest's endpoint, or the network's it stands in for). */
  url: string
  caipNetworkId: string
  /** The addresses it writes: regtest's, testnet's (tb1…) or mainnet's (bc1…). */
  encoding: BitcoinNetName
  ledger: BitcoinLedger
  accounts: BitcoinKeyAccount[]
  stop(): Promise<void>
}

/**
 * `network: 'mainnet'` (or `mainnet: true`) runs the same ledger writing mainnet's addresses (bc1…)
 * under mainnet's chain id, and `network: 'testnet'` testnet's (tb1…) under testnet's, on loopback,
 * as the EVM stack serves chain 1 locally: for apps and wallets that build those networks' transactions.
 * The demo accounts hold the same keys on every ledger, each in its own encoding.
 */
export async function startBitcoin(opts: { port?: number; accounts?: number; blockIntervalMs?: number; mainnet?: boolean; network?: BitcoinNetName } = {}): Promise<LocalBitcoin> {
  const encoding = opts.network ?? (opts.mainnet ? 'mainnet' : 'regtest')
  const network = ENCODINGS[encoding]
  const ledger = new BitcoinLedger(network)
  const accounts = Array.from({ length: opts.accounts ?? 5 }, (_, i) => demoBitcoinAccount(i, network))
  ledger.fund(accounts.flatMap((a) => [{ address: a.payment.address, sats: DEMO_PAYMENT_SATS }, { address: a.ordinal.address, sats: DEMO_ORDINAL_SATS }]))
  const { server, url } = await startEsploraServer(ledger, opts.port)
  // A block every interval, as regtest nodes under a miner script do; an empty mempool mines nothing.
  const timer = setInterval(() => ledger.mempool.length && ledger.mine(), opts.blockIntervalMs ?? 2000)
  timer.unref()
  return {
    url,
    caipNetworkId: CAIP_OF[encoding],
    encoding,
    ledger,
    accounts,
    stop: () => {
      clearInterval(timer)
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
