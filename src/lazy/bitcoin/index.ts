// Bitcoin transactions with @scure/btc-signer, in a chunk of its own: a transfer as a PSBT for the
// wallet to sign, the signed PSBT finalized into the raw transaction, and addresses checked.
import * as btc from '@scure/btc-signer'
import type { Network } from '../../types'
import { netOf, type BitcoinNet } from '../../utils/bitcoin-chains'
import { PosternError } from '../../utils/errors'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
export const NETWORKS: Record<BitcoinNet, typeof btc.NETWORK> = { mainnet: btc.NETWORK, testnet: btc.TEST_NETWORK, regtest: REGTEST }

/** Whether the address is one of the network's (bc1/1/3 on mainnet; tb1/bcrt1/m/n/2 on the others). */
export function isAddressOn(address: string, net: BitcoinNet): boolean {
  try {
    btc.Address(NETWORKS[net]).decode(address)
    return true
  } catch {
    return false
  }
}

/** Valid on any Bitcoin network: the send form checks the format, the send the network. */
export const isBitcoinAddress = (address: string) => (Object.keys(NETWORKS) as BitcoinNet[]).some((net) => isAddressOn(address, net))

export interface TransferInput {
  network: Network
  utxos: readonly { txid: string; vout: number; value: number }[]
  from: string
  /** The payer's public key (33 bytes, or the 32-byte x-only key of a taproot account). */
  publicKey: Uint8Array
  to: string
  amount: bigint
  /** sat/vB */
  feeRate: number
}

/** How an output of the payer's address is spent, as a PSBT input needs it. */
function spendInfo(from: string, publicKey: Uint8Array, network: typeof btc.NETWORK) {
  const decoded = btc.Address(network).decode(from)
  const script = btc.OutScript.encode(decoded)
  if (decoded.type === 'wpkh') return { script, extra: {} }
  if (decoded.type === 'tr') {
    const xonly = publicKey.length === 33 ? publicKey.slice(1) : publicKey
    return { script, extra: { tapInternalKey: xonly } }
  }
  if (decoded.type === 'sh' && publicKey.length === 33) {
    const inner = btc.p2wpkh(publicKey, network)
    return { script, extra: { redeemScript: inner.script } }
  }
  throw new PosternError('This address type cannot pay from the modal; use signPSBT', 'UNSUPPORTED_ADDRESS')
}

/**
 * A payment of `amount` sats to `to`, change back to the payer, inputs chosen from the payer's
 * UTXOs at the fee rate: the unsigned PSBT, the fee, and the indexes the payer signs.
 */
export function buildTransfer(t: TransferInput): { psbt: Uint8Array; fee: bigint; inputs: number[] } {
  const network = NETWORKS[netOf(t.network)]
  if (!isAddressOn(t.to, netOf(t.network))) throw new PosternError('Invalid Address', 'INVALID_ADDRESS')
  const { script, extra } = spendInfo(t.from, t.publicKey, network)
  const inputs = t.utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script, amount: BigInt(u.value) }, ...extra }))
  const selected = btc.selectUTXO(inputs, [{ address: t.to, amount: t.amount }], 'default', {
    changeAddress: t.from,
    feePerByte: BigInt(Math.ceil(t.feeRate)),
    network,
    createTx: true,
    bip69: false,
  })
  if (!selected?.tx) throw new PosternError('Insufficient Funds', 'INSUFFICIENT_FUNDS')
  return { psbt: selected.tx.toPSBT(), fee: selected.fee ?? 0n, inputs: Array.from({ length: selected.tx.inputsLength }, (_, i) => i) }
}

/** A PSBT whose inputs are all signed, finalized: the raw transaction (hex) and its id. */
export function extract(psbt: Uint8Array): { hex: string; txid: string } {
  let tx: btc.Transaction
  try {
    tx = btc.Transaction.fromPSBT(psbt)
    tx.finalize()
  } catch (error) {
    throw new PosternError(`The wallet returned a PSBT that cannot be finalized: ${(error as Error).message}`, 'INVALID_WALLET_RESPONSE')
  }
  return { hex: tx.hex, txid: tx.id }
}
