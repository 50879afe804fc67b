// A payment as a test wallet makes it on its own (sats-connect's sendTransfer, OKX's send, Unisat's
// sendBitcoin): the payer's UTXOs from the Esplora API, a P2WPKH transaction with change, signed,
// finalized and broadcast. Errors are thrown as the wallet would reject.
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import { REGTEST } from '../../../bitcoin/keys.ts'

export async function payFrom(esploraUrl: string, from: { address: string; secretKey: string }, to: string, sats: bigint, network: typeof btc.NETWORK = REGTEST): Promise<string> {
  const utxos = (await (await fetch(`${esploraUrl}/address/${from.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
  const script = btc.OutScript.encode(btc.Address(network).decode(from.address))
  const inputs = utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script, amount: BigInt(u.value) } }))
  const selected = btc.selectUTXO(inputs, [{ address: to, amount: sats }], 'default', { changeAddress: from.address, feePerByte: 2n, network, createTx: true })
  if (!selected?.tx) throw Object.assign(new Error('Insufficient funds'), { code: -32603 })
  selected.tx.sign(hexToBytes(from.secretKey))
  selected.tx.finalize()
  return broadcast(esploraUrl, selected.tx.hex)
}

/** POST /tx: the node's txid, or its refusal as the error. */
export async function broadcast(esploraUrl: string, hex: string): Promise<string> {
  const res = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: hex })
  const text = await res.text()
  if (!res.ok) throw Object.assign(new Error(text), { code: -32603 })
  return text
}
