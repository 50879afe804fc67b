import { buildTransfer, isBitcoinAddress } from '../bitcoin/index'
import { getFeeRate, getUtxos, knowsTransaction } from '../../utils/esplora'
import { PosternError } from '../../utils/errors'
import { walletCall, type ChainSend, type Transfer } from './chain'

/** The part of AppKit's BitcoinConnector (adapters/bitcoin/provider.ts) a send uses. */
interface BitcoinSender {
  sendTransfer(params: { recipient: string; amount: string }): Promise<string>
}

const SEEN_TIMEOUT_MS = 30_000

export const bitcoinSend: ChainSend = {
  isAddress: isBitcoinAddress,

  async estimateFee(t) {
    const base = t.rpcUrls[0] ?? ''
    const [utxos, feeRate] = await Promise.all([getUtxos(base, t.from), getFeeRate(base)])
    // Until the receiver is known, a payment back to the payer has the same size and price
    // (the fee depends on the payer's address type and UTXOs, not on the key, so none is asked of the wallet).
    const to = isBitcoinAddress(t.to) ? t.to : t.from
    const amount = t.amount > 0n ? t.amount : 1000n
    const { fee } = buildTransfer({ network: t.network, utxos, from: t.from, publicKey: new Uint8Array(33), to, amount, feeRate })
    const { decimals, symbol } = t.network.nativeCurrency
    return { amount: fee, reserve: fee, decimals, symbol }
  },

  async send(t) {
    const sender = t.provider as BitcoinSender | undefined
    if (typeof sender?.sendTransfer !== 'function') throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    const txid = await walletCall(() => sender.sendTransfer({ recipient: t.to, amount: t.amount.toString() }))
    if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
    // The wallet broadcast it (its own node, or ours through the adapter): wait until the network's API has it.
    const base = t.rpcUrls[0] ?? ''
    const deadline = Date.now() + SEEN_TIMEOUT_MS
    while (!(await knowsTransaction(base, txid).catch(() => false))) {
      if (Date.now() > deadline) throw new PosternError('The transaction was not confirmed in time', 'WAIT_TIMEOUT')
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    return txid
  },
}
