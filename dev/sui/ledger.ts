import { bcs } from '@mysten/sui/bcs'
import { verifyTransactionSignature } from '@mysten/sui/verify'
import { fromBase58, fromBase64, normalizeSuiAddress, toBase58, toBase64, toHex } from '@mysten/sui/utils'
import { runProgrammable, type Programmable } from './execute.ts'
import { COIN_STORAGE_COST, DELETED_DIGEST, derivedObjectId, hexVersion, sealCoin, SUI_COIN_TYPE, SUI_TYPE, typedHash, type Coin } from './objects.ts'

// The local Sui ledger: SUI coins as owned objects, transactions checked as a validator checks
// them (the sender's signature with @mysten/sui's verifier, each object reference against the
// object's current version and digest, the gas budget against the gas coins) and run by
// ./execute.ts, one checkpoint per transaction. Errors carry Sui's own words.

/** A refusal before execution (Sui's UserInputError); nothing changes. */
export class SuiInputError extends Error {}
/** A signature that does not verify for the sender (Sui: "Invalid user signature: ..."). */
export class SuiSignatureError extends Error {}
/** Bytes that are not a transaction (Sui: invalid params, "Deserialization error"). */
export class SuiParamsError extends Error {}

export interface ExecutedTransaction {
  digest: string
  /** TransactionData's BCS, base64. */
  bytes: string
  signatures: string[]
  effects: Record<string, unknown>
  balanceChanges: Record<string, unknown>[]
  objectChanges: Record<string, unknown>[]
  timestampMs: number
  checkpoint: number
}

export interface Checkpoint {
  sequenceNumber: number
  digest: string
  previousDigest?: string
  timestampMs: number
  transactions: string[]
}

export interface LedgerState {
  coins: Coin[]
  transactions: ExecutedTransaction[]
  checkpoints: Checkpoint[]
}

/** The genesis "transaction" every demo coin was made by (Sui's genesis marker: 32 zero bytes). */
const GENESIS_TRANSACTION = toBase58(new Uint8Array(32))
const MAX_GAS_BUDGET = 50_000_000_000n
/** What a dry run without gas coins pays with (Sui: a mock coin of 1B SUI). */
const DRY_RUN_GAS = 1_000_000_000n * 1_000_000_000n

export class SuiLedger {
  coins = new Map<string, Coin>()
  transactions = new Map<string, ExecutedTransaction>()
  checkpoints: Checkpoint[] = []
  readonly epoch = 0n
  readonly referenceGasPrice = 1000n
  onChange?: (() => void) | undefined

  constructor(state?: LedgerState) {
    if (state) {
      for (const coin of state.coins) this.coins.set(coin.objectId, coin)
      for (const tx of state.transactions) this.transactions.set(tx.digest, tx)
      this.checkpoints = state.checkpoints
    } else {
      this.checkpoints = [checkpoint(0, undefined, [], Date.now())]
    }
  }

  /** The genesis checkpoint's digest: the network's identity (ValidDuring's `chain`). */
  get genesisDigest(): string {
    return this.checkpoints[0]!.digest
  }

  /** sui_getChainIdentifier: the first four bytes of the genesis checkpoint's digest, hex. */
  get chainIdentifier(): string {
    return toHex(fromBase58(this.genesisDigest).slice(0, 4))
  }

  /** Mints `count` coins of `amount` MIST each to `owner` (the demo accounts' SUI). */
  mint(owner: string, amount: bigint, count = 1): void {
    const seed = typedHash('Genesis', new TextEncoder().encode(`${owner}:${this.coins.size}`))
    for (let i = 0; i < count; i++) {
      const coin = sealCoin({ objectId: derivedObjectId(seed, i), version: 1n, owner: normalizeSuiAddress(owner), balance: amount, previousTransaction: GENESIS_TRANSACTION, storageRebate: COIN_STORAGE_COST })
      this.coins.set(coin.objectId, coin)
    }
    this.onChange?.()
  }

  coinsOf(owner: string): Coin[] {
    const who = normalizeSuiAddress(owner)
    return [...this.coins.values()].filter((c) => c.owner === who).sort((a, b) => (a.objectId < b.objectId ? -1 : 1))
  }

  balance(owner: string): bigint {
    return this.coinsOf(owner).reduce((sum, c) => sum + c.balance, 0n)
  }

  /** sui_executeTransactionBlock: verified, checked, run and committed; the same transaction again gives its first result. */
  execute(bytesBase64: string, signatures: string[]): Promise<ExecutedTransaction> {
    return this.#execute(bytesBase64, signatures)
  }

  async #execute(bytesBase64: string, signatures: string[]): Promise<ExecutedTransaction> {
    const { bytes, data } = parseTransaction(bytesBase64)
    const sender = normalizeSuiAddress(data.sender)
    const signers = [...new Set([sender, normalizeSuiAddress(data.gasData.owner)])]
    for (const signer of signers) await requireSignature(bytes, signatures, signer)
    const digestBytes = typedHash('TransactionData', bytes)
    const digest = toBase58(digestBytes)
    const done = this.transactions.get(digest)
    if (done) return done
    const result = this.#run(data, digestBytes, false)
    const timestampMs = Date.now()
    const previous = this.checkpoints.at(-1)!
    const next = checkpoint(previous.sequenceNumber + 1, previous.digest, [digest], timestampMs)
    for (const coin of result.deleted) this.coins.delete(coin.objectId)
    for (const coin of result.written) this.coins.set(coin.objectId, coin)
    const executed: ExecutedTransaction = { digest, bytes: bytesBase64, signatures, effects: result.effects, balanceChanges: result.balanceChanges, objectChanges: result.objectChanges, timestampMs, checkpoint: next.sequenceNumber }
    this.transactions.set(digest, executed)
    this.checkpoints.push(next)
    this.onChange?.()
    return executed
  }

  /** sui_dryRunTransactionBlock: the same checks and run, nothing committed (no signature needed). */
  dryRun(bytesBase64: string): Pick<ExecutedTransaction, 'effects' | 'balanceChanges' | 'objectChanges'> {
    const { bytes, data } = parseTransaction(bytesBase64)
    const { effects, balanceChanges, objectChanges } = this.#run(data, typedHash('TransactionData', bytes), true)
    return { effects, balanceChanges, objectChanges }
  }

  #run(data: ParsedTransaction, digestBytes: Uint8Array, dryRun: boolean) {
    const sender = normalizeSuiAddress(data.sender)
    const gasOwner = normalizeSuiAddress(data.gasData.owner)
    const digest = toBase58(digestBytes)
    if (data.kind.$kind !== 'ProgrammableTransaction') throw new SuiInputError(`Transaction kind ${data.kind.$kind} cannot be submitted by users`)
    const programmable: Programmable = data.kind.ProgrammableTransaction
    this.#checkExpiration(data.expiration)
    const price = BigInt(data.gasData.price)
    const budget = BigInt(data.gasData.budget)
    if (price < this.referenceGasPrice) throw new SuiInputError(`Gas price ${price} under reference gas price (RGP) ${this.referenceGasPrice}`)
    const minBudget = price * 1000n
    if (budget < minBudget) throw new SuiInputError(`Gas budget: ${budget} is lower than min: ${minBudget}.`)
    if (budget > MAX_GAS_BUDGET) throw new SuiInputError(`Gas budget: ${budget} is higher than max: ${MAX_GAS_BUDGET}.`)

    const seen = new Set<string>()
    const objects = new Map<number, Coin>()
    programmable.inputs.forEach((input, index) => {
      if (input.$kind === 'Pure') return
      if (input.$kind === 'Object' && input.Object.$kind === 'ImmOrOwnedObject') objects.set(index, this.#owned(input.Object.ImmOrOwnedObject, sender, seen))
      else if (input.$kind === 'Object') {
        const ref = input.Object.SharedObject ?? input.Object.Receiving
        throw new SuiInputError(`Could not find the referenced object ${normalizeSuiAddress(ref!.objectId)} at version None`)
      } else throw new SuiInputError('Address balance withdrawals are not enabled on this network')
    })
    let gas: Coin[]
    if (data.gasData.payment.length) gas = data.gasData.payment.map((ref) => this.#owned(ref, gasOwner, seen))
    else if (dryRun) gas = [sealCoin({ objectId: derivedObjectId(digestBytes, 0xffff), version: 1n, owner: gasOwner, balance: DRY_RUN_GAS, previousTransaction: GENESIS_TRANSACTION, storageRebate: 0n })]
    else throw new SuiInputError('Missing gas payment')
    const gasBalance = gas.reduce((sum, c) => sum + c.balance, 0n)
    if (gasBalance < budget) throw new SuiInputError(`Balance of gas object ${gasBalance} is lower than the needed amount: ${budget}`)

    const outcome = runProgrammable({ programmable, sender, gas, objects, budget, price, digestBytes })
    // Sui's versions are Lamport timestamps: everything written gets one more than the highest input.
    const inputs = [...gas, ...objects.values()]
    const lamport = inputs.reduce((max, c) => (c.version > max ? c.version : max), 0n) + 1n
    const written = outcome.written.map((o) => sealCoin({ ...o, version: lamport, previousTransaction: digest }))
    const before = new Map(inputs.map((c) => [c.objectId, c]))
    const ref = (c: Coin) => ({ objectId: c.objectId, version: Number(c.version), digest: c.digest })
    const owned = (c: Coin) => ({ owner: { AddressOwner: c.owner }, reference: ref(c) })
    const gasAfter = written.find((c) => c.objectId === gas[0]!.objectId)!
    const { gasUsed } = outcome
    const effects = {
      messageVersion: 'v1',
      status: outcome.error ? { status: 'failure', error: outcome.error } : { status: 'success' },
      executedEpoch: this.epoch.toString(),
      gasUsed: Object.fromEntries(Object.entries(gasUsed).map(([k, v]) => [k, v.toString()])),
      modifiedAtVersions: inputs.map((c) => ({ objectId: c.objectId, sequenceNumber: c.version.toString() })),
      transactionDigest: digest,
      ...(written.some((c) => outcome.created.has(c.objectId)) && { created: written.filter((c) => outcome.created.has(c.objectId)).map(owned) }),
      mutated: written.filter((c) => !outcome.created.has(c.objectId)).map(owned),
      ...(outcome.deleted.length && { deleted: outcome.deleted.map((c) => ({ objectId: c.objectId, version: Number(lamport), digest: DELETED_DIGEST })) }),
      gasObject: owned(gasAfter),
      dependencies: [...new Set(inputs.map((c) => c.previousTransaction).filter((d) => d !== GENESIS_TRANSACTION))],
    }
    const objectChanges = [
      ...written.map((c) => (outcome.created.has(c.objectId)
        ? { type: 'created', sender, owner: { AddressOwner: c.owner }, objectType: SUI_COIN_TYPE, objectId: c.objectId, version: c.version.toString(), digest: c.digest }
        : { type: 'mutated', sender, owner: { AddressOwner: c.owner }, objectType: SUI_COIN_TYPE, objectId: c.objectId, version: c.version.toString(), previousVersion: before.get(c.objectId)!.version.toString(), digest: c.digest })),
      ...outcome.deleted.map((c) => ({ type: 'deleted', sender, objectType: SUI_COIN_TYPE, objectId: c.objectId, version: lamport.toString() })),
    ]
    return { effects, written, deleted: outcome.deleted, objectChanges, balanceChanges: balanceChanges(inputs, written) }
  }

  /** The coin an owned-object reference names, as long as the reference is its current one and `owner` holds it. */
  #owned(ref: { objectId: string; version: string | number; digest: string }, owner: string, seen: Set<string>): Coin {
    const id = normalizeSuiAddress(ref.objectId)
    const version = BigInt(ref.version)
    if (seen.has(id)) throw new SuiInputError(`Mutable object ${id} cannot appear more than one in one transaction.`)
    seen.add(id)
    const coin = this.coins.get(id)
    if (!coin) throw new SuiInputError(`Could not find the referenced object ${id} at version Some(SequenceNumber(${version}))`)
    if (coin.version !== version) throw new SuiInputError(`Transaction needs to be rebuilt because object ${id} version ${hexVersion(version)} is unavailable for consumption, current version: ${hexVersion(coin.version)}`)
    if (coin.digest !== ref.digest) throw new SuiInputError(`Invalid Object digest for object ${id}. Expected digest : ${coin.digest}.`)
    if (coin.owner !== owner) throw new SuiInputError(`Object ${id} is owned by account address ${coin.owner}, but given owner/signer address is ${owner}`)
    return coin
  }

  #checkExpiration(expiration: ParsedTransaction['expiration']): void {
    if (expiration.$kind === 'None') return
    if (expiration.$kind === 'Epoch') {
      if (this.epoch > BigInt(expiration.Epoch)) throw new SuiInputError('Transaction Expired')
      return
    }
    if (expiration.$kind === 'ValidDuring') {
      const { minEpoch, maxEpoch, chain } = expiration.ValidDuring
      if (chain !== this.genesisDigest) throw new SuiInputError(`Transaction is for chain ${chain}, not this network (${this.genesisDigest})`)
      if ((minEpoch != null && this.epoch < BigInt(minEpoch)) || (maxEpoch != null && this.epoch > BigInt(maxEpoch))) throw new SuiInputError('Transaction Expired')
      return
    }
    throw new SuiInputError(`Transaction expiration ${expiration.$kind} is not supported`)
  }

  exportState(): LedgerState {
    return { coins: [...this.coins.values()], transactions: [...this.transactions.values()], checkpoints: this.checkpoints }
  }
}

type ParsedTransaction = ReturnType<typeof bcs.TransactionData.parse>['V1']

function parseTransaction(bytesBase64: string): { bytes: Uint8Array; data: ParsedTransaction } {
  try {
    const bytes = fromBase64(bytesBase64)
    const parsed = bcs.TransactionData.parse(bytes)
    if (parsed.$kind !== 'V1') throw new Error('unknown TransactionData version')
    // Bytes the parse did not use are not this transaction's.
    if (bcs.TransactionData.serialize(parsed).toBytes().length !== bytes.length) throw new Error('trailing bytes')
    return { bytes, data: parsed.V1 }
  } catch (error) {
    throw new SuiParamsError(`Deserialization error: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function requireSignature(bytes: Uint8Array, signatures: string[], address: string): Promise<void> {
  let reason = 'no signature from this address'
  for (const signature of signatures) {
    try {
      await verifyTransactionSignature(bytes, signature, { address })
      return
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error)
    }
  }
  throw new SuiSignatureError(`Invalid user signature: Signature is not valid: ${reason}`)
}

/** Each owner's net change in SUI, as Sui reports balance changes. */
function balanceChanges(before: Coin[], after: Coin[]): Record<string, unknown>[] {
  const net = new Map<string, bigint>()
  for (const c of before) net.set(c.owner, (net.get(c.owner) ?? 0n) - c.balance)
  for (const c of after) net.set(c.owner, (net.get(c.owner) ?? 0n) + c.balance)
  return [...net].filter(([, amount]) => amount !== 0n).map(([owner, amount]) => ({ owner: { AddressOwner: owner }, coinType: SUI_TYPE, amount: amount.toString() }))
}

function checkpoint(sequenceNumber: number, previousDigest: string | undefined, transactions: string[], timestampMs: number): Checkpoint {
  const content = new TextEncoder().encode(JSON.stringify([sequenceNumber, previousDigest ?? null, transactions, timestampMs]))
  return { sequenceNumber, digest: toBase58(typedHash('CheckpointSummary', content)), ...(previousDigest && { previousDigest }), timestampMs, transactions }
}

/** sui_executeTransactionBlock's SenderSignedData (showRawInput): the signed intent message. */
export function rawTransaction(tx: ExecutedTransaction): string {
  const data = bcs.TransactionData.parse(fromBase64(tx.bytes))
  return toBase64(bcs.SenderSignedData.serialize([{ intentMessage: { intent: { scope: { TransactionData: true }, version: { V0: true }, appId: { Sui: true } }, value: data }, txSignatures: tx.signatures }]).toBytes())
}
