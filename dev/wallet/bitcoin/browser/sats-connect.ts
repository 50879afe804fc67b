// A sats-connect wallet for tests (the kind AppKit reaches through the sats-connect library: Xverse,
// Leather, ...): it announces itself in window.btc_providers and answers sats-connect's JSON-RPC
// (getAddresses, signMessage as BIP-322, sendTransfer through the Esplora API, signPsbt,
// wallet_disconnect) with the regtest demo keys. Errors are JSON-RPC error responses, as the
// real ones reject with.
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import { accountFromKeys, REGTEST } from '../../../bitcoin/keys.ts'
import { signBip322 } from '../../../bitcoin/bip322.ts'

export interface SatsTestWalletOptions {
  /** The window path of the provider, e.g. 'PosternSatsProvider'. */
  id: string
  name: string
  icon: string
  keys: { payment: string; ordinal: string }
  esploraUrl: string
}

const fail = (code: number, message: string) => Promise.reject({ jsonrpc: '2.0', id: null, error: { code, message } })
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

export function installSatsTestWallet(o: SatsTestWalletOptions, win: Record<string, unknown> = globalThis as never) {
  const keys = accountFromKeys(o.keys.payment, o.keys.ordinal, REGTEST)
  const secretOf = (address: string) => [keys.payment, keys.ordinal].find((a) => a.address === address)?.secretKey
  const log: string[] = []
  let approve = true
  async function answer(method: string, params: any): Promise<unknown> {
    if (method === 'getAddresses') {
      return { addresses: [{ address: keys.ordinal.address, publicKey: keys.ordinal.publicKey, purpose: 'ordinals', addressType: 'p2tr' }, { address: keys.payment.address, publicKey: keys.payment.publicKey, purpose: 'payment', addressType: 'p2wpkh' }] }
    }
    if (method === 'signMessage') {
      const secret = secretOf(params?.address)
      if (!secret) return fail(-32602, 'Unknown address')
      return { signature: signBip322(String(params.message), params.address, hexToBytes(secret), REGTEST), address: params.address, messageHash: '' }
    }
    if (method === 'signPsbt') {
      const tx = btc.Transaction.fromPSBT(unb64(params.psbt))
      for (const [address, indexes] of Object.entries(params.signInputs as Record<string, number[]>)) {
        const secret = secretOf(address)
        if (!secret) return fail(-32602, 'Unknown address')
        for (const i of indexes) tx.signIdx(hexToBytes(secret), i)
      }
      return { psbt: b64(tx.toPSBT()) }
    }
    if (method === 'sendTransfer') {
      const [recipient] = params.recipients as { address: string; amount: number }[]
      const utxos = (await (await fetch(`${o.esploraUrl}/address/${keys.payment.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
      const script = btc.OutScript.encode(btc.Address(REGTEST).decode(keys.payment.address))
      const inputs = utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script, amount: BigInt(u.value) } }))
      const selected = btc.selectUTXO(inputs, [{ address: recipient!.address, amount: BigInt(recipient!.amount) }], 'default', { changeAddress: keys.payment.address, feePerByte: 2n, network: REGTEST, createTx: true })
      if (!selected?.tx) return fail(-32603, 'Insufficient funds')
      selected.tx.sign(hexToBytes(keys.payment.secretKey))
      selected.tx.finalize()
      const res = await fetch(`${o.esploraUrl}/tx`, { method: 'POST', body: selected.tx.hex })
      return res.ok ? { txid: await res.text() } : fail(-32603, await res.text())
    }
    if (method === 'wallet_disconnect' || method === 'wallet_changeNetwork') return null
    return fail(-32601, `Method not found: ${method}`)
  }
  const provider = {
    async request(method: string, params: unknown) {
      log.push(method)
      if (!approve) return fail(-32000, 'User rejected the request.')
      return { jsonrpc: '2.0', id: log.length, result: await answer(method, params) }
    },
  }
  win[o.id] = provider
  const announced = (win.btc_providers as unknown[] | undefined) ?? []
  win.btc_providers = [...announced, { id: o.id, name: o.name, icon: o.icon, webUrl: 'https://postern.invalid' }]
  return { log, setApprove: (next: boolean) => void (approve = next), addresses: { payment: keys.payment.address, ordinal: keys.ordinal.address } }
}
