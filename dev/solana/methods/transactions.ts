import { getTransferSolInstruction } from '@solana-program/system'
import { decodeWire } from '../encoding.ts'
import { invalidParams, RPC_ERROR, RpcError } from '../errors.ts'
import { AirdropParams, parseParams, SendParams, SimulateParams } from '../schemas.ts'
import { submitInstructions } from '../submit.ts'
import { decodeTransaction, feeForMessage } from '../wire.ts'
import { encodeForConfig } from './accounts.ts'
import { checkMinContextSlot, withContext, type Handler } from './context.ts'

/** Simulating, sending, and the faucet. */
export const transactionMethods: Record<string, Handler> = {
  simulateTransaction(params, ctx) {
    const { ledger } = ctx
    const [encoded, config] = parseParams(SimulateParams, params)
    checkMinContextSlot(ledger, config)
    const sigVerify = config?.sigVerify ?? false
    const replaceRecentBlockhash = config?.replaceRecentBlockhash ?? false
    if (sigVerify && replaceRecentBlockhash) throw invalidParams('Invalid params: sigVerify may not be used with replaceRecentBlockhash')
    const tx = decodeTransaction(decodeWire(encoded, config?.encoding ?? 'base58'))
    const result = ledger.simulate(tx, { sigVerify, replaceRecentBlockhash })
    const accountsConfig = config?.accounts
    const accounts = accountsConfig
      ? accountsConfig.addresses.map((address) => {
          const account = result.postAccounts.get(address) ?? ledger.account(address)
          return account ? encodeForConfig(ctx, account, { encoding: accountsConfig.encoding ?? 'base64' }) : null
        })
      : null
    return withContext(ledger, {
      accounts,
      err: result.err,
      fee: result.err === 'BlockhashNotFound' ? null : feeForMessage(tx.message),
      innerInstructions: config?.innerInstructions ? result.innerInstructions : null,
      loadedAccountsDataSize: 0,
      logs: result.logs,
      replacementBlockhash: replaceRecentBlockhash ? ledger.latestBlockhash() : null,
      returnData: result.returnData,
      unitsConsumed: result.unitsConsumed,
    })
  },
  sendTransaction(params, { ledger }) {
    const [encoded, config] = parseParams(SendParams, params)
    checkMinContextSlot(ledger, config)
    const tx = decodeTransaction(decodeWire(encoded, config?.encoding ?? 'base58'))
    return ledger.send(tx, { skipPreflight: config?.skipPreflight ?? false })
  },
  async requestAirdrop(params, { ledger, faucet }) {
    const [address, lamports, config] = parseParams(AirdropParams, params)
    checkMinContextSlot(ledger, config)
    try {
      return await submitInstructions(ledger, faucet, [getTransferSolInstruction({ source: faucet, destination: address, amount: BigInt(lamports) })])
    } catch (error) {
      if (error instanceof RpcError) throw error
      throw new RpcError(RPC_ERROR.INTERNAL_ERROR, `Internal error: airdrop failed: ${(error as Error).message}`)
    }
  },
}
