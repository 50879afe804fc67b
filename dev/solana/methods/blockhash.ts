import { decodeWire } from '../encoding.ts'
import { BlockhashWithContext, MessageWithContext, OptionalContext, parseParams } from '../schemas.ts'
import { decodeMessage, feeForMessage } from '../wire.ts'
import { checkMinContextSlot, withContext, type Handler } from './context.ts'

/** Blockhashes and fees. */
export const blockhashMethods: Record<string, Handler> = {
  getLatestBlockhash(params, { ledger }) {
    checkMinContextSlot(ledger, parseParams(OptionalContext, params)[0])
    return withContext(ledger, ledger.latestBlockhash())
  },
  isBlockhashValid(params, { ledger }) {
    const [blockhash, config] = parseParams(BlockhashWithContext, params)
    checkMinContextSlot(ledger, config)
    return withContext(ledger, ledger.isBlockhashValid(blockhash))
  },
  getFeeForMessage(params, { ledger }) {
    const [encoded, config] = parseParams(MessageWithContext, params)
    checkMinContextSlot(ledger, config)
    const message = decodeMessage(decodeWire(encoded, 'base64'))
    return withContext(ledger, ledger.isBlockhashValid(message.lifetimeToken) ? feeForMessage(message) : null)
  },
}
