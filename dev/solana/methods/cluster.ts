import { NoParams, OptionalContext, parseParams, RentExemption } from '../schemas.ts'
import { API_VERSION, checkMinContextSlot, type Handler } from './context.ts'

const SLOTS_PER_EPOCH = 432_000n

/** Cluster-wide facts: version, health, slot and epoch, rent. */
export const clusterMethods: Record<string, Handler> = {
  getVersion(params) {
    parseParams(NoParams, params)
    return { 'feature-set': 3_294_202_862, 'solana-core': API_VERSION }
  },
  getHealth(params) {
    parseParams(NoParams, params)
    return 'ok'
  },
  getGenesisHash(params, { ledger }) {
    parseParams(NoParams, params)
    return ledger.genesisHash
  },
  getSlot(params, { ledger }) {
    checkMinContextSlot(ledger, parseParams(OptionalContext, params)[0])
    return ledger.slot
  },
  getBlockHeight(params, { ledger }) {
    checkMinContextSlot(ledger, parseParams(OptionalContext, params)[0])
    return ledger.blockHeight
  },
  getTransactionCount(params, { ledger }) {
    checkMinContextSlot(ledger, parseParams(OptionalContext, params)[0])
    return ledger.transactionTotal
  },
  getEpochInfo(params, { ledger }) {
    checkMinContextSlot(ledger, parseParams(OptionalContext, params)[0])
    return {
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: ledger.slot / SLOTS_PER_EPOCH,
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.transactionTotal,
    }
  },
  getMinimumBalanceForRentExemption(params, { ledger }) {
    const [dataLength] = parseParams(RentExemption, params)
    return ledger.svm.minimumBalanceForRentExemption(BigInt(dataLength))
  },
  /** Nobody competes for block space here. */
  getRecentPrioritizationFees(params) {
    void params
    return []
  },
}
