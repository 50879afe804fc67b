// The Node WalletConnect wallet's bip122 side: WalletConnect's Bitcoin RPC (signMessage as BIP-322,
// or as ECDSA/BIP-137 when asked with protocol 'ecdsa' as AppKit's connector passes it; sendTransfer paid from the payment address through the local Esplora API, signPsbt,
// getAccountAddresses) with the regtest demo keys, and the bip122 namespace it approves.
import * as v from 'valibot'
import * as btc from '@scure/btc-signer'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { accountFromKeys, REGTEST } from '../../bitcoin/keys.ts'
import { signBip322 } from '../../../src/lazy/bitcoin/bip322.ts'
import { signBip137 } from '../../../src/lazy/bitcoin/bip137.ts'
import type { ChainHandler } from './chain-handler.ts'
import { WalletRpcError } from './rpc.ts'

export interface WcBitcoinOptions {
  /** The chain the wallet serves, e.g. networks.bitcoinRegtest's CAIP id. */
  caipNetworkId: string
  esploraUrl: string
  /** Secret keys (hex) of the payment (P2WPKH) and ordinal (P2TR) accounts. */
  keys: { payment: string; ordinal: string }
}

export const BITCOIN_METHODS = ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses']

/** The bip122 namespace, when the proposal asks for the wallet's chain (required or optional): payment and ordinal accounts. */
export function bitcoinHandler(o: WcBitcoinOptions): ChainHandler {
  const { payment, ordinal } = accountFromKeys(o.keys.payment, o.keys.ordinal, REGTEST)
  return {
    namespace: 'bip122',
    chains: [o.caipNetworkId],
    address: payment.address,
    addresses: [payment.address, ordinal.address],
    onlyAskedChains: true,
    methods: BITCOIN_METHODS,
    events: ['accountsChanged', 'chainChanged'],
    answer: (method, params) => answerBitcoinRequest(o, method, params),
  }
}

const SignMessage = v.looseObject({ message: v.string(), address: v.string(), protocol: v.optional(v.picklist(['ecdsa', 'bip322'])) })
const SendTransfer = v.looseObject({ account: v.string(), recipientAddress: v.string(), amount: v.pipe(v.string(), v.regex(/^[1-9]\d*$/)) })
const SignPsbt = v.looseObject({ psbt: v.string(), signInputs: v.array(v.looseObject({ address: v.string(), index: v.number() })), broadcast: v.optional(v.boolean()) })
const Utxos = v.array(v.looseObject({ txid: v.string(), vout: v.number(), value: v.number() }))
const Fees = v.record(v.string(), v.number())

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new WalletRpcError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

async function broadcast(o: WcBitcoinOptions, hex: string): Promise<string> {
  const res = await fetch(`${o.esploraUrl}/tx`, { method: 'POST', body: hex })
  const text = await res.text()
  if (!res.ok) throw new WalletRpcError(-32603, text)
  return text
}

export async function answerBitcoinRequest(o: WcBitcoinOptions, method: string, params: unknown): Promise<unknown> {
  const keys = accountFromKeys(o.keys.payment, o.keys.ordinal, REGTEST)
  const secretOf = (address: string) => {
    const found = [keys.payment, keys.ordinal].find((a) => a.address === address)
    if (!found) throw new WalletRpcError(4100, `Unknown account ${address}`)
    return hexToBytes(found.secretKey)
  }
  if (method === 'getAccountAddresses') {
    return [
      { address: keys.payment.address, publicKey: keys.payment.publicKey, path: "m/84'/1'/0'/0/0", intention: 'payment' },
      { address: keys.ordinal.address, publicKey: keys.ordinal.publicKey, path: "m/86'/1'/0'/0/0", intention: 'ordinal' },
    ]
  }
  if (method === 'signMessage') {
    const { message, address, protocol } = parse(SignMessage, params)
    const secret = secretOf(address)
    // ECDSA (BIP-137) signs with the payment key's own address type; a taproot address has none.
    if (protocol === 'ecdsa' && address !== keys.payment.address) throw new WalletRpcError(-32602, 'ECDSA signing needs the payment address')
    const signature = protocol === 'ecdsa' ? signBip137(message, secret, 'p2wpkh') : signBip322(message, address, secret, REGTEST)
    return { address, signature: bytesToHex(Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))), messageHash: '' }
  }
  if (method === 'signPsbt') {
    const { psbt, signInputs, broadcast: send } = parse(SignPsbt, params)
    const tx = btc.Transaction.fromPSBT(Uint8Array.from(atob(psbt), (c) => c.charCodeAt(0)))
    for (const input of signInputs) tx.signIdx(secretOf(input.address), input.index)
    const signed = btoa(String.fromCharCode(...tx.toPSBT()))
    if (!send) return { psbt: signed }
    tx.finalize()
    return { psbt: signed, txid: await broadcast(o, tx.hex) }
  }
  if (method === 'sendTransfer') {
    const { account, recipientAddress, amount } = parse(SendTransfer, params)
    if (account !== keys.payment.address) throw new WalletRpcError(4100, `Unknown account ${account}`)
    const [utxos, fees] = await Promise.all([
      fetch(`${o.esploraUrl}/address/${account}/utxo`).then(async (r) => v.parse(Utxos, await r.json())),
      fetch(`${o.esploraUrl}/fee-estimates`).then(async (r) => v.parse(Fees, await r.json())),
    ])
    const script = btc.OutScript.encode(btc.Address(REGTEST).decode(account))
    const inputs = utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script, amount: BigInt(u.value) } }))
    const selected = btc.selectUTXO(inputs, [{ address: recipientAddress, amount: BigInt(amount) }], 'default', { changeAddress: account, feePerByte: BigInt(Math.ceil(fees['3'] ?? 1)), network: REGTEST, createTx: true })
    if (!selected?.tx) throw new WalletRpcError(-32000, 'Insufficient funds')
    selected.tx.sign(secretOf(account))
    selected.tx.finalize()
    return { txid: await broadcast(o, selected.tx.hex) }
  }
  throw new WalletRpcError(4200, `Unsupported method ${method}`)
}
