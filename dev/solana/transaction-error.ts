/**
 * Translates litesvm's transaction errors into the JSON the Solana RPC writes
 * (`"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`, ...) and into the
 * human text of its error messages. @solana/kit decodes the JSON form into its own errors.
 */

// Order of litesvm's `TransactionErrorFieldless` const enum (internal.d.ts).
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

// Order of litesvm's `InstructionErrorFieldless` const enum.
const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

export type InstructionErrorJson = string | { Custom: number } | { BorshIoError: string }
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

function instructionErrorToJson(err: unknown): InstructionErrorJson {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'InvalidError'
  if (err && typeof err === 'object') {
    if ('code' in err && typeof err.code === 'number') return { Custom: err.code }
    if ('msg' in err && typeof err.msg === 'string') return { BorshIoError: err.msg }
  }
  return 'InvalidError'
}

/** Converts the value of litesvm's `FailedTransactionMetadata.err()`. */
export function transactionErrorToJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure'
  if (err && typeof err === 'object') {
    const name = err.constructor.name
    const index = 'index' in err && typeof err.index === 'number' ? err.index : 0
    const accountIndex = 'accountIndex' in err && typeof err.accountIndex === 'number' ? err.accountIndex : 0
    if ('err' in err && typeof err.err === 'function') return { InstructionError: [index, instructionErrorToJson(err.err())] }
    if (name.endsWith('DuplicateInstruction')) return { DuplicateInstruction: index }
    if (name.endsWith('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: accountIndex } }
    if (name.endsWith('ProgramExecutionTemporarilyRestricted')) {
      return { ProgramExecutionTemporarilyRestricted: { account_index: accountIndex } }
    }
  }
  return 'SanitizeFailure'
}

const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
}

function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

function describeInstructionError(err: InstructionErrorJson): string {
  if (typeof err === 'string') return INSTRUCTION_ERROR_TEXT[err] ?? words(err)
  if ('Custom' in err) return `custom program error: 0x${err.Custom.toString(16)}`
  return `Failed to serialize or deserialize account data: ${err.BorshIoError}`
}

/** The Display text of agave's TransactionError, used in error messages. */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? words(err)
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError
    return `Error processing Instruction ${index}: ${describeInstructionError(inner)}`
  }
  if ('DuplicateInstruction' in err) return `Transaction contains a duplicate instruction (${err.DuplicateInstruction}) that is not allowed`
  if ('InsufficientFundsForRent' in err) {
    return `Transaction results in an account (${err.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  }
  return `Execution of the program referenced by account at index ${err.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`
}

/** Errors after which the transaction still lands in a block (fee charged), as opposed to being dropped. */
export function landsOnChain(err: TransactionErrorJson): boolean {
  return typeof err !== 'string' || err === 'InsufficientFundsForRent'
}
