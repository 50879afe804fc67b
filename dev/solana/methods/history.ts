import { parseParams, GetTransactionParams, SignaturesForAddressParams, SignatureStatusesParams } from '../schemas.ts'
import type { TransactionRecord } from '../ledger.ts'
import { encodeTransactionRecord } from '../transaction-json.ts'
import { checkMinContextSlot, withContext, type Handler } from './context.ts'

/** Every landed transaction is final at once: one validator, no forks. */
function status(record: TransactionRecord) {
  return {
    confirmationStatus: 'finalized',
    confirmations: null,
    err: record.err,
    slot: record.slot,
    status: record.err ? { Err: record.err } : { Ok: null },
  }
}

/** Signature statuses, address history, transaction details. */
export const historyMethods: Record<string, Handler> = {
  getSignatureStatuses(params, { ledger }) {
    const [signatures] = parseParams(SignatureStatusesParams, params)
    return withContext(
      ledger,
      signatures.map((signature) => {
        const record = ledger.transaction(signature)
        return record ? status(record) : null
      }),
    )
  },
  getSignaturesForAddress(params, { ledger }) {
    const [address, config] = parseParams(SignaturesForAddressParams, params)
    checkMinContextSlot(ledger, config)
    let signatures = ledger.signaturesFor(address)
    if (config?.before) {
      const index = signatures.indexOf(config.before)
      signatures = index === -1 ? [] : signatures.slice(index + 1)
    }
    if (config?.until) {
      const index = signatures.indexOf(config.until)
      if (index !== -1) signatures = signatures.slice(0, index)
    }
    return signatures.slice(0, config?.limit ?? 1000).map((signature) => {
      const record = ledger.transaction(signature)!
      return {
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
        err: record.err,
        memo: null,
        signature,
        slot: record.slot,
      }
    })
  },
  getTransaction(params, { ledger }) {
    const [signature, config] = parseParams(GetTransactionParams, params)
    const options = typeof config === 'string' ? { encoding: config, maxSupportedTransactionVersion: undefined } : config
    const record = ledger.transaction(signature)
    if (!record) return null
    return encodeTransactionRecord(record, options?.encoding ?? 'json', options?.maxSupportedTransactionVersion)
  },
}
