import type { EncodedAccount } from '@solana/kit'
import { encodeAccount } from '../encoding.ts'
import { AddressesWithAccountConfig, AddressWithAccountConfig, AddressWithContext, parseParams, type AccountInfoConfig } from '../schemas.ts'
import { parseTokenProgramAccount } from '../tokens.ts'
import { checkMinContextSlot, withContext, type Handler, type RpcContext } from './context.ts'

/** Account JSON for the given config; jsonParsed understands token accounts and mints. */
export function encodeForConfig(ctx: RpcContext, account: EncodedAccount, config: AccountInfoConfig | undefined) {
  return encodeAccount(account, {
    encoding: config?.encoding,
    dataSlice: config?.dataSlice,
    parse: (a) => parseTokenProgramAccount(ctx.ledger, a),
  })
}

/** Balances and raw account reads. */
export const accountMethods: Record<string, Handler> = {
  getBalance(params, { ledger }) {
    const [address, config] = parseParams(AddressWithContext, params)
    checkMinContextSlot(ledger, config)
    return withContext(ledger, ledger.balance(address))
  },
  getAccountInfo(params, ctx) {
    const [address, config] = parseParams(AddressWithAccountConfig, params)
    checkMinContextSlot(ctx.ledger, config)
    const account = ctx.ledger.account(address)
    return withContext(ctx.ledger, account ? encodeForConfig(ctx, account, config) : null)
  },
  getMultipleAccounts(params, ctx) {
    const [addresses, config] = parseParams(AddressesWithAccountConfig, params)
    checkMinContextSlot(ctx.ledger, config)
    return withContext(
      ctx.ledger,
      addresses.map((address) => {
        const account = ctx.ledger.account(address)
        return account ? encodeForConfig(ctx, account, config) : null
      }),
    )
  },
}
