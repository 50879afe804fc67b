// A regtest ledger: transactions parsed and their signatures checked with @scure/btc-signer and
// @noble/curves (the libraries the wallet signs with), UTXOs kept, a mempool, and blocks mined
// when told (index.ts mines on a timer). Spends P2WPKH and P2TR (key path) outputs, what the demo
// accounts and the test wallets hold.
import * as btc from '@scure/btc-signer'
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js'
import { REGTEST } from './keys.ts'

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

export interface Output {
  txid: string
  vout: number
  value: bigint
  script: Uint8Array
  address?: string
  spentBy?: string
}

export interface Block {
  hash: string
  height: number
  time: number
}

export interface TxRecord {
  txid: string
  raw: Uint8Array
  coinbase: boolean
  version: number
  lockTime: number
  inputs: { txid: string; vout: number; sequence: number; scriptSig: Uint8Array; witness: Uint8Array[]; prevout?: Output }[]
  outputs: Output[]
  fee: bigint
  weight: number
  block?: Block
}

/** Bitcoin Core's words for a refused transaction (sendrawtransaction's RPC errors). */
export class RejectedTransaction extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

const txidOf = (raw: Uint8Array) => bytesToHex(sha256(sha256(raw)).reverse())
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const DUST = 294n

function addressOf(script: Uint8Array, network: typeof btc.NETWORK): string | undefined {
  try {
    return btc.Address(network).encode(btc.OutScript.decode(script))
  } catch {
    return undefined
  }
}

export class BitcoinLedger {
  readonly outputs = new Map<string, Output>()
  readonly txs = new Map<string, TxRecord>()
  readonly blocks: Block[] = []
  readonly mempool: string[] = []
  /** address → txids touching it, oldest first. */
  private readonly history = new Map<string, string[]>()

  /** Regtest by default; with `network` (testnet's or mainnet's encoding) a local ledger that writes those addresses. */
  constructor(readonly network: typeof btc.NETWORK = REGTEST) {
    // The genesis block of the chain whose addresses it writes: regtest's, testnet's or mainnet's.
    this.blocks.push(network.bech32 === REGTEST.bech32
      ? { hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206', height: 0, time: 1296688602 }
      : network.bech32 === btc.TEST_NETWORK.bech32
        ? { hash: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943', height: 0, time: 1296688602 }
        : { hash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f', height: 0, time: 1231006505 })
  }

  get tip(): Block {
    return this.blocks.at(-1)!
  }

  /** A coinbase paying the addresses, mined at once in a block of its own (the demo accounts' funds). */
  fund(payments: { address: string; sats: bigint }[]): string {
    const height = this.tip.height + 1
    // BIP-34: the coinbase's script starts with the block height.
    const scriptSig = btc.Script.encode([height, bytesToHex(randomBytes(8))].map((x) => (typeof x === 'string' ? new TextEncoder().encode(x) : x)))
    const raw = btc.RawTx.encode({
      version: 2,
      segwitFlag: false,
      inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: scriptSig, sequence: 0xffffffff }],
      outputs: payments.map((p) => ({ amount: p.sats, script: btc.OutScript.encode(btc.Address(this.network).decode(p.address)) })),
      witnesses: [],
      lockTime: 0,
    })
    const txid = txidOf(raw)
    const outputs = payments.map((p, vout) => ({ txid, vout, value: p.sats, script: btc.OutScript.encode(btc.Address(this.network).decode(p.address)), address: p.address }))
    this.record({ txid, raw, coinbase: true, version: 2, lockTime: 0, inputs: [], outputs, fee: 0n, weight: raw.length * 4 })
    this.mine([txid])
    return txid
  }

  /** Checks and accepts a raw transaction (hex) into the mempool; its txid. */
  submit(hex: string): string {
    if (!/^([0-9a-f]{2})+$/i.test(hex.trim())) throw new RejectedTransaction(-22, 'TX decode failed')
    const raw = Uint8Array.from(hex.trim().match(/../g)!, (b) => parseInt(b, 16))
    let tx: btc.Transaction
    try {
      tx = btc.Transaction.fromRaw(raw, { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    } catch (error) {
      throw new RejectedTransaction(-22, `TX decode failed: ${(error as Error).message}`)
    }
    const txid = tx.id
    if (this.txs.has(txid)) throw new RejectedTransaction(-27, 'Transaction already in block chain')
    if (tx.inputsLength === 0 || tx.outputsLength === 0) throw new RejectedTransaction(-26, 'bad-txns-vin-empty')
    const prevouts: Output[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      const key = `${bytesToHex(input.txid!)}:${input.index}`
      const prevout = this.outputs.get(key)
      if (!prevout) throw new RejectedTransaction(-25, 'bad-txns-inputs-missingorspent')
      if (prevout.spentBy) throw new RejectedTransaction(-26, 'txn-mempool-conflict')
      if (prevouts.includes(prevout)) throw new RejectedTransaction(-26, 'bad-txns-inputs-duplicate')
      prevouts.push(prevout)
    }
    for (let i = 0; i < tx.inputsLength; i++) {
      if (!this.verifyInput(tx, i, prevouts)) throw new RejectedTransaction(-26, `mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation) at input ${i}`)
    }
    const outputs: Output[] = []
    for (let vout = 0; vout < tx.outputsLength; vout++) {
      const out = tx.getOutput(vout)
      const isData = out.script![0] === 0x6a
      if (!isData && out.amount! < DUST) throw new RejectedTransaction(-26, 'dust')
      outputs.push({ txid, vout, value: out.amount!, script: out.script!, address: addressOf(out.script!, this.network) })
    }
    const spent = prevouts.reduce((s, o) => s + o.value, 0n)
    const paid = outputs.reduce((s, o) => s + o.value, 0n)
    if (paid > spent) throw new RejectedTransaction(-26, 'bad-txns-in-belowout')
    const inputs = prevouts.map((prevout, i) => {
      const input = tx.getInput(i)
      return { txid: prevout.txid, vout: prevout.vout, sequence: input.sequence ?? 0xffffffff, scriptSig: input.finalScriptSig ?? new Uint8Array(), witness: input.finalScriptWitness ?? [], prevout }
    })
    for (const prevout of prevouts) prevout.spentBy = txid
    this.record({ txid, raw, coinbase: false, version: tx.version, lockTime: tx.lockTime, inputs, outputs, fee: spent - paid, weight: tx.weight })
    this.mempool.push(txid)
    return txid
  }

  /** Mines the mempool (or the given transactions) into a new block. */
  mine(txids: string[] = this.mempool.splice(0)): Block {
    const block = { hash: bytesToHex(randomBytes(32)), height: this.tip.height + 1, time: Math.max(this.tip.time + 1, Math.floor(Date.now() / 1000)) }
    this.blocks.push(block)
    for (const txid of txids) this.txs.get(txid)!.block = block
    return block
  }

  utxosOf(address: string): Output[] {
    return [...this.outputs.values()].filter((o) => o.address === address && !o.spentBy)
  }

  /** Transactions touching the address, newest first (mempool first, as Esplora lists them). */
  txsOf(address: string): TxRecord[] {
    return (this.history.get(address) ?? []).map((id) => this.txs.get(id)!).reverse().sort((a, b) => (b.block?.height ?? Infinity) - (a.block?.height ?? Infinity))
  }

  private record(record: TxRecord): void {
    this.txs.set(record.txid, record)
    for (const output of record.outputs) this.outputs.set(`${output.txid}:${output.vout}`, output)
    const touched = new Set([...record.outputs, ...record.inputs.map((i) => i.prevout!)].map((o) => o?.address).filter((a): a is string => !!a))
    for (const address of touched) this.history.set(address, [...(this.history.get(address) ?? []), record.txid])
  }

  /** The input's signature against its previous output, as consensus checks it for these script types. */
  private verifyInput(tx: btc.Transaction, index: number, prevouts: Output[]): boolean {
    const prevout = prevouts[index]!
    const input = tx.getInput(index)
    try {
      const decoded = btc.OutScript.decode(prevout.script)
      if (decoded.type === 'wpkh') {
        const witness = input.finalScriptWitness ?? []
        if (witness.length !== 2) return false
        const [sig, pub] = witness as [Uint8Array, Uint8Array]
        if (!sameBytes(hash160(pub), decoded.hash)) return false
        const digest = tx.preimageWitnessV0(index, btc.OutScript.encode({ type: 'pkh', hash: decoded.hash }), sig[sig.length - 1]!, prevout.value)
        return secp256k1.verify(sig.subarray(0, -1), digest, pub, { prehash: false, format: 'der', lowS: false })
      }
      if (decoded.type === 'tr') {
        const witness = input.finalScriptWitness ?? []
        const sig = witness[0]
        if (witness.length !== 1 || !sig || (sig.length !== 64 && sig.length !== 65)) return false // key path only
        const hashType = sig.length === 64 ? btc.SigHash.DEFAULT : sig[64]!
        const digest = tx.preimageWitnessV1(index, prevouts.map((o) => o.script), hashType, prevouts.map((o) => o.value))
        return schnorr.verify(sig.subarray(0, 64), digest, decoded.pubkey)
      }
      return false
    } catch {
      return false
    }
  }
}
