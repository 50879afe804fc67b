import { createHash } from 'node:crypto'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import {
  lamports,
  type Address,
  type EncodedAccount,
} from '@solana/kit'
import { toBase58 } from './encoding.ts'
import { RPC_ERROR, RpcError } from './errors.ts'
import { executionResult, preflightFailure, type ExecutionResult } from './execution.ts'
import { decodeTokenAccount, mintDecimals, uiTokenAmount, type AccountReader } from './tokens.ts'
import { landsOnChain, transactionErrorToJson, type TransactionErrorJson } from './transaction-error.ts'
import { feeForMessage, verifySignatures, type DecodedTransaction } from './wire.ts'

/** A blockhash stays usable for this many blocks, as on the real cluster. */
const BLOCKHASH_VALIDITY = 150n
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
/** Ledgers without a state folder are all the same chain (tests start a fresh one each time). */
const FIXED_GENESIS_HASH = toBase58(createHash('sha256').update('postern local solana genesis').digest())

export interface TokenBalance {
  accountIndex: number
  mint: Address
  owner: Address
  programId: Address
  uiTokenAmount: ReturnType<typeof uiTokenAmount>
}

export interface TransactionRecord extends ExecutionResult {
  tx: DecodedTransaction
  slot: bigint
  blockTime: number
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
}

export interface SimulationResult extends ExecutionResult {
  postAccounts: Map<Address, EncodedAccount>
}

/** What a ledger needs to go on where it stopped (persist.ts writes it to disk). */
export interface LedgerState {
  /** litesvm's own snapshot: every account, the sysvars and the latest blockhash. */
  svm: Uint8Array
  genesisHash: string
  slot: bigint
  /** blockhash -> last valid block height */
  blockhashes: [string, bigint][]
  /** In the order they landed, which is also the order of each address's history. */
  transactions: TransactionRecord[]
}

/**
 * One litesvm instance presented as a cluster: every landed transaction gets its own slot and
 * a fresh blockhash, recent blockhashes stay valid for 150 blocks, and every transaction is
 * indexed by signature and by account so that history methods can answer.
 */
export class Ledger implements AccountReader {
  readonly svm: LiteSVM
  readonly genesisHash: string
  private currentSlot = 1n
  private readonly blockhashes = new Map<string, bigint>() // blockhash -> last valid block height
  private readonly transactions = new Map<string, TransactionRecord>()
  private readonly byAddress = new Map<Address, string[]>()
  private transactionCount = 0n
  /** Called after every change of state (persist.ts saves on it). */
  onChange: (() => void) | undefined

  /** A new ledger at slot 1, or (with `restore`) the one whose state was exported. */
  constructor(opts: { genesisHash?: string; restore?: LedgerState } = {}) {
    const { restore } = opts
    // litesvm accepts only its latest blockhash; this class checks blockhash age itself.
    this.svm = (restore ? LiteSVM.fromBytes(restore.svm) : new LiteSVM()).withBlockhashCheck(false).withSigverify(true)
    this.genesisHash = restore?.genesisHash ?? opts.genesisHash ?? FIXED_GENESIS_HASH
    if (!restore) {
      this.enterSlot(this.currentSlot)
      return
    }
    // The snapshot holds the clock and latest blockhash of this slot: no new slot is entered.
    this.currentSlot = restore.slot
    for (const [hash, lastValid] of restore.blockhashes) this.blockhashes.set(hash, lastValid)
    for (const record of restore.transactions) this.index(record)
  }

  /** Everything needed to go on later where this ledger stands now; taken synchronously, so it is consistent. */
  exportState(): LedgerState {
    return {
      svm: this.svm.toBytes(),
      genesisHash: this.genesisHash,
      slot: this.currentSlot,
      blockhashes: [...this.blockhashes],
      transactions: [...this.transactions.values()],
    }
  }

  get slot(): bigint {
    return this.currentSlot
  }

  /** Every slot holds a block here, so block height follows the slot. */
  get blockHeight(): bigint {
    return this.currentSlot
  }

  get transactionTotal(): bigint {
    return this.transactionCount
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.blockhashes.get(blockhash) ?? this.blockHeight + BLOCKHASH_VALIDITY }
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash)
    return lastValid !== undefined && this.blockHeight <= lastValid
  }

  account(address: Address): EncodedAccount | null {
    const account = this.svm.getAccount(address)
    return account.exists ? account : null
  }

  balance(address: Address): bigint {
    return this.svm.getBalance(address) ?? 0n
  }

  programAccounts(program: Address): EncodedAccount[] {
    return this.svm.getProgramAccounts(program)
  }

  /** Writes an account directly (genesis only: no transaction, no history). */
  setLamports(address: Address, amount: bigint): void {
    this.svm.setAccount({
      address,
      lamports: lamports(amount),
      data: new Uint8Array(),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      space: 0n,
    })
    this.onChange?.()
  }

  transaction(signature: string): TransactionRecord | undefined {
    return this.transactions.get(signature)
  }

  /** Signatures that touched `address`, newest first. */
  signaturesFor(address: Address): string[] {
    return [...(this.byAddress.get(address) ?? [])].reverse()
  }

  /** Runs a transaction without committing it. */
  simulate(tx: DecodedTransaction, opts: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulationResult {
    if (!opts.replaceRecentBlockhash && !this.isBlockhashValid(tx.blockhash)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null, postAccounts: new Map() }
    }
    if (opts.sigVerify && !verifySignatures(tx)) {
      return { err: 'SignatureFailure', logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null, postAccounts: new Map() }
    }
    this.svm.withSigverify(false)
    try {
      const result = this.svm.simulateTransaction(tx.transaction)
      if (result instanceof FailedTransactionMetadata) {
        return { ...executionResult(result.meta(), transactionErrorToJson(result.err())), postAccounts: new Map() }
      }
      const postAccounts = new Map(result.postAccounts().map((account) => [account.address, account]))
      return { ...executionResult(result.meta(), null), postAccounts }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * sendTransaction: signature check, then (unless skipped) a preflight simulation whose failure
   * is the RPC's -32002 error; then the transaction lands in a new slot, or is dropped if it
   * could not be processed at all (as the real cluster drops it).
   */
  send(tx: DecodedTransaction, opts: { skipPreflight: boolean }): string {
    if (!verifySignatures(tx)) {
      throw new RpcError(RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
    }
    const early: TransactionErrorJson | null = this.transactions.has(tx.signature)
      ? 'AlreadyProcessed'
      : this.isBlockhashValid(tx.blockhash)
        ? null
        : 'BlockhashNotFound'
    if (!opts.skipPreflight) {
      const preflight: ExecutionResult = early
        ? { err: early, logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null }
        : this.simulate(tx, { sigVerify: false, replaceRecentBlockhash: false })
      if (preflight.err) throw preflightFailure(preflight, feeForMessage(tx.message))
    }
    if (early) return tx.signature

    const preBalances = tx.accountKeys.map((key) => this.balance(key))
    const preTokenBalances = this.tokenBalances(tx.accountKeys)
    const result = this.svm.sendTransaction(tx.transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? transactionErrorToJson(result.err()) : null
    if (err && !landsOnChain(err)) return tx.signature
    const meta = failed ? result.meta() : result
    this.record({
      ...executionResult(meta, err),
      tx,
      slot: this.currentSlot,
      blockTime: Math.floor(Date.now() / 1000),
      fee: feeForMessage(tx.message),
      preBalances,
      postBalances: tx.accountKeys.map((key) => this.balance(key)),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(tx.accountKeys),
    })
    return tx.signature
  }

  private tokenBalances(keys: Address[]): TokenBalance[] {
    const balances: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.account(key)
      const token = account ? decodeTokenAccount(account) : null
      if (!account || !token) return
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.programAddress,
        uiTokenAmount: uiTokenAmount(token.amount, mintDecimals(this, token.mint)),
      })
    })
    return balances
  }

  private record(record: TransactionRecord): void {
    this.index(record)
    this.enterSlot(this.currentSlot + 1n)
    this.onChange?.()
  }

  private index(record: TransactionRecord): void {
    this.transactions.set(record.tx.signature, record)
    for (const key of new Set(record.tx.accountKeys)) {
      const list = this.byAddress.get(key) ?? []
      list.push(record.tx.signature)
      this.byAddress.set(key, list)
    }
    this.transactionCount += 1n
  }

  /** Moves the clock to `slot` with the wall-clock time and issues that slot's blockhash. */
  private enterSlot(slot: bigint): void {
    this.currentSlot = slot
    this.svm.warpToSlot(slot)
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), slot + BLOCKHASH_VALIDITY)
    for (const [hash, lastValid] of this.blockhashes) {
      if (lastValid + BLOCKHASH_VALIDITY < slot) this.blockhashes.delete(hash)
    }
  }
}
