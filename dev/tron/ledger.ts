// The local TRON ledger: TRX balances, one TRC-20 token, blocks on a timer and the transactions
// they hold. Transactions are built with real raw data (protobuf), and a broadcast is accepted only
// when its id is the SHA-256 of that data and its signature recovers to the sender.
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { bytesToHex, hexToBytes, recoverAddress, toHexAddress, transactionId } from './crypto.ts'
import { fromJson, toJson, type TransactionJson } from './json.ts'
import { decodeRaw, type ContractCall, type RawData } from './protobuf.ts'

/** The local network's id: the last 4 bytes of its genesis block id, as TRON networks are named ('POST'). */
export const LOCAL_TRON_CHAIN_ID = '0x504f5354'
export const SUN_PER_TRX = 1_000_000n
/** TRON's daily free bandwidth per account, and the burn price of a byte past it (sun). */
const FREE_BANDWIDTH = 600
const SUN_PER_BYTE = 1000n
/** A TRC-20 transfer's energy and the burn price of energy (sun). */
const TRC20_TRANSFER_ENERGY = 14_650
const SUN_PER_ENERGY = 420n
const TRANSFER_SELECTOR = 'a9059cbb'

/** The genesis block's id: it ends in the chain id, as a TRON network's id is taken from its genesis block. */
export function genesisBlockId(): string {
  const hash = bytesToHex(sha256(utf8ToBytes('postern local tron genesis')))
  return `${'0'.repeat(16)}${hash.slice(16, 56)}${LOCAL_TRON_CHAIN_ID.slice(2)}`
}

export interface Token {
  address: string
  name: string
  symbol: string
  decimals: number
  balances: Map<string, bigint>
}

export interface Block {
  number: number
  blockID: string
  parentHash: string
  timestamp: number
  txIDs: string[]
}

export interface Included {
  tx: TransactionJson
  call: ContractCall
  result: 'SUCCESS' | 'REVERT'
  fee: bigint
  energy: number
  bandwidth: number
  block?: Block
}

/** What the ledger is, as plain data (persist.ts keeps it in a file across restarts). */
export interface LedgerState {
  balances: [string, bigint][]
  created: [string, number][]
  tokenBalances: [string, bigint][]
  blocks: Block[]
  /** In the order they were accepted. */
  transactions: { tx: TransactionJson; result: Included['result']; fee: bigint; energy: number; bandwidth: number }[]
  pending: string[]
  bandwidthUsed: [string, { day: number; used: number }][]
}

export type BroadcastResult = { result: true; txid: string } | { code: string; txid?: string; message: string }

const fail = (code: string, message: string, txid?: string): BroadcastResult => ({ code, ...(txid ? { txid } : {}), message: bytesToHex(utf8ToBytes(message)) })
const word = (value: bigint) => value.toString(16).padStart(64, '0')

export class TronLedger {
  readonly balances = new Map<string, bigint>()
  readonly created = new Map<string, number>()
  readonly blocks: Block[] = []
  readonly transactions = new Map<string, Included>()
  private pending: string[] = []
  private readonly bandwidthUsed = new Map<string, { day: number; used: number }>()
  /** Called when a transaction is accepted or sealed in a block (not for empty blocks). */
  onChange?: () => void

  constructor(readonly token: Token, restore?: LedgerState) {
    if (restore) {
      this.restore(restore)
      return
    }
    this.blocks.push({ number: 0, blockID: genesisBlockId(), parentHash: '0'.repeat(64), timestamp: Date.now(), txIDs: [] })
  }

  exportState(): LedgerState {
    return {
      balances: [...this.balances],
      created: [...this.created],
      tokenBalances: [...this.token.balances],
      blocks: this.blocks.map((b) => ({ ...b, txIDs: [...b.txIDs] })),
      transactions: [...this.transactions.values()].map(({ tx, result, fee, energy, bandwidth }) => ({ tx, result, fee, energy, bandwidth })),
      pending: [...this.pending],
      bandwidthUsed: [...this.bandwidthUsed],
    }
  }

  /** Takes a saved state back; throws when a transaction does not decode or a block names one it lacks. */
  private restore(state: LedgerState): void {
    for (const [k, v] of state.balances) this.balances.set(k, v)
    for (const [k, v] of state.created) this.created.set(k, v)
    for (const [k, v] of state.tokenBalances) this.token.balances.set(k, v)
    for (const [k, v] of state.bandwidthUsed) this.bandwidthUsed.set(k, v)
    state.blocks.forEach((b, i) => {
      if (b.number !== i) throw new Error(`block ${i} is numbered ${b.number}`)
      this.blocks.push(b)
    })
    if (this.blocks.length === 0) throw new Error('no genesis block')
    for (const t of state.transactions) {
      const raw = decodeRaw(hexToBytes(t.tx.raw_data_hex))
      if (typeof raw === 'string') throw new Error(`transaction ${t.tx.txID}: ${raw}`)
      this.transactions.set(t.tx.txID, { ...t, call: raw.contract })
    }
    for (const b of this.blocks) {
      for (const id of b.txIDs) {
        const t = this.transactions.get(id)
        if (!t) throw new Error(`block ${b.number} holds an unknown transaction ${id}`)
        t.block = b
      }
    }
    this.pending = state.pending.filter((id) => this.transactions.has(id))
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!
  }

  credit(hex: string, sun: bigint): void {
    if (!this.created.has(hex)) this.created.set(hex, Date.now())
    this.balances.set(hex, (this.balances.get(hex) ?? 0n) + sun)
  }

  /** Seals the pending transactions into a new block (TRON makes one every 3 s). */
  produceBlock(now = Date.now()): void {
    const parent = this.head
    const number = parent.number + 1
    const digest = bytesToHex(sha256(utf8ToBytes(JSON.stringify([parent.blockID, number, now, this.pending]))))
    const block: Block = { number, blockID: `${number.toString(16).padStart(16, '0')}${digest.slice(16)}`, parentHash: parent.blockID, timestamp: now, txIDs: this.pending }
    this.pending = []
    this.blocks.push(block)
    for (const id of block.txIDs) this.transactions.get(id)!.block = block
    if (block.txIDs.length) this.onChange?.()
  }

  /** An unsigned transaction on the head block (TaPoS), valid for 60 s, as TronGrid builds it. */
  build(call: ContractCall, visible: boolean, feeLimit?: number): TransactionJson {
    const head = this.head
    const raw: RawData = {
      refBlockBytes: head.number.toString(16).padStart(16, '0').slice(12, 16),
      refBlockHash: head.blockID.slice(16, 32),
      expiration: head.timestamp + 60_000,
      timestamp: Date.now(),
      ...(feeLimit ? { feeLimit } : {}),
      contract: call,
    }
    return toJson(raw, visible)
  }

  /** What a transfer would be refused for before it is signed (the node's contract validation). */
  validateTransfer(owner: string, to: string, amount: number): string | undefined {
    if (!Number.isSafeInteger(amount) || amount <= 0) return 'Amount must be greater than 0.'
    if (owner === to) return 'Cannot transfer TRX to yourself.'
    if (!this.created.has(owner)) return `Validate TransferContract error, no OwnerAccount.`
    if ((this.balances.get(owner) ?? 0n) < BigInt(amount)) return 'Validate TransferContract error, balance is not sufficient.'
    return undefined
  }

  broadcast(body: Record<string, unknown>): BroadcastResult {
    const rawHex = body['raw_data_hex']
    const signatures = body['signature']
    if (typeof rawHex !== 'string' || !/^([0-9a-f]{2})+$/i.test(rawHex)) return fail('OTHER_ERROR', 'raw_data_hex is missing or not hex')
    const id = transactionId(rawHex.toLowerCase())
    if (body['txID'] !== undefined && String(body['txID']).toLowerCase() !== id) return fail('OTHER_ERROR', 'txID is not the SHA-256 of raw_data_hex', id)
    const raw = decodeRaw(hexToBytes(rawHex))
    if (typeof raw === 'string') return fail('CONTRACT_VALIDATE_ERROR', raw, id)
    // The JSON a wallet showed and the bytes it signed must be the same transaction.
    const shown = fromJson(body['raw_data'] as Record<string, unknown> | undefined)
    if (body['raw_data'] !== undefined && (!shown || toJson(shown, false).raw_data_hex !== rawHex.toLowerCase())) return fail('OTHER_ERROR', 'raw_data does not match raw_data_hex', id)
    if (this.transactions.has(id)) return fail('DUP_TRANSACTION_ERROR', 'dup transaction', id)
    if (!this.blocks.some((b) => b.number.toString(16).padStart(16, '0').slice(12, 16) === raw.refBlockBytes && b.blockID.slice(16, 32) === raw.refBlockHash)) return fail('TAPOS_ERROR', 'Tapos check error', id)
    if (raw.expiration <= this.head.timestamp) return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', id)
    if (!Array.isArray(signatures) || signatures.length !== 1 || typeof signatures[0] !== 'string') return fail('SIGERROR', 'Validate signature error: one signature is required', id)
    const signer = recoverAddress(hexToBytes(id), signatures[0])
    const owner = raw.contract.owner
    if (!signer || toHexAddress(signer) !== owner) return fail('SIGERROR', `Validate signature error: ${signatures[0]} is signed by ${signer ?? 'nobody'} but it is not contained of permission.`, id)
    return this.apply(id, raw, { visible: body['visible'] === true, signature: signatures as string[] })
  }

  private apply(id: string, raw: RawData, signed: { visible: boolean; signature: string[] }): BroadcastResult {
    const call = raw.contract
    const owner = call.owner
    // java-tron counts the signed transaction's bytes plus 64 for its result.
    const bandwidth = hexToBytes(toJson(raw, false).raw_data_hex).length + 67 * signed.signature.length + 64
    const day = Math.floor(Date.now() / 86_400_000)
    const usage = this.bandwidthUsed.get(owner)
    const used = usage?.day === day ? usage.used : 0
    let fee = used + bandwidth <= FREE_BANDWIDTH ? 0n : BigInt(bandwidth) * SUN_PER_BYTE
    const balance = this.balances.get(owner) ?? 0n
    let result: Included['result'] = 'SUCCESS'
    let energy = 0
    if (call.type === 'TransferContract') {
      const problem = this.validateTransfer(owner, call.to, call.amount)
      if (problem) return fail('CONTRACT_VALIDATE_ERROR', problem, id)
      if (balance < BigInt(call.amount) + fee) return fail('BANDWITH_ERROR', 'Account resource insufficient error.', id)
      this.balances.set(owner, balance - BigInt(call.amount) - fee)
      this.credit(call.to, BigInt(call.amount))
    } else {
      if (call.contract !== this.token.address) return fail('CONTRACT_VALIDATE_ERROR', 'No contract or not a smart contract', id)
      energy = TRC20_TRANSFER_ENERGY
      fee += BigInt(energy) * SUN_PER_ENERGY
      if (raw.feeLimit !== undefined && BigInt(raw.feeLimit) < BigInt(energy) * SUN_PER_ENERGY) return fail('CONTRACT_VALIDATE_ERROR', 'Not enough energy for this transaction: fee_limit is too low', id)
      if (balance < fee) return fail('CONTRACT_VALIDATE_ERROR', 'Account resource insufficient error.', id)
      this.balances.set(owner, balance - fee)
      result = this.runTokenCall(owner, call.data) ? 'SUCCESS' : 'REVERT'
    }
    if (fee === 0n) this.bandwidthUsed.set(owner, { day, used: used + bandwidth })
    const tx = { ...toJson(raw, signed.visible), signature: signed.signature, ret: [{ contractRet: result }] }
    this.transactions.set(id, { tx, call, result, fee, energy, bandwidth })
    this.pending.push(id)
    this.onChange?.()
    return { result: true, txid: id }
  }

  /** transfer(address,uint256) on the token: false (a revert) when it cannot run. */
  private runTokenCall(owner: string, data: string): boolean {
    if (!data.startsWith(TRANSFER_SELECTOR) || data.length !== 8 + 128) return false
    const to = `41${data.slice(8 + 24, 8 + 64)}`
    const amount = BigInt(`0x${data.slice(8 + 64)}`)
    const held = this.token.balances.get(owner) ?? 0n
    if (amount > held) return false
    this.token.balances.set(owner, held - amount)
    this.token.balances.set(to, (this.token.balances.get(to) ?? 0n) + amount)
    return true
  }

  /** A constant (read-only) call on the token: the returned words, or undefined when it reverts. */
  constantCall(contract: string, selector: string, parameter: string): string | undefined {
    if (contract !== this.token.address) return undefined
    const t = this.token
    if (selector === 'balanceOf(address)' && /^[0-9a-f]{64}$/i.test(parameter)) return word(t.balances.get(`41${parameter.slice(24).toLowerCase()}`) ?? 0n)
    if (selector === 'decimals()') return word(BigInt(t.decimals))
    if (selector === 'totalSupply()') return word([...t.balances.values()].reduce((a, b) => a + b, 0n))
    if (selector === 'symbol()' || selector === 'name()') {
      const text = bytesToHex(utf8ToBytes(selector === 'symbol()' ? t.symbol : t.name))
      return `${word(32n)}${word(BigInt(text.length / 2))}${text.padEnd(64, '0')}`
    }
    return undefined
  }
}
