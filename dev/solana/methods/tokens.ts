import type { Address } from '@solana/kit'
import { invalidParams } from '../errors.ts'
import { AddressWithContext, parseParams, TokenAccountsByOwnerParams } from '../schemas.ts'
import { decodeMint, decodeTokenAccount, isTokenProgram, mintDecimals, uiTokenAmount } from '../tokens.ts'
import { encodeForConfig } from './accounts.ts'
import { checkMinContextSlot, withContext, type Handler } from './context.ts'

/** SPL token reads (Token and Token-2022). */
export const tokenMethods: Record<string, Handler> = {
  getTokenAccountsByOwner(params, ctx) {
    const { ledger } = ctx
    const [owner, filter, config] = parseParams(TokenAccountsByOwnerParams, params)
    checkMinContextSlot(ledger, config)
    let programs: readonly Address[]
    let mint: Address | undefined
    if ('mint' in filter) {
      const mintAccount = ledger.account(filter.mint)
      if (!mintAccount || !isTokenProgram(mintAccount.programAddress)) throw invalidParams('Invalid param: could not find mint')
      programs = [mintAccount.programAddress]
      mint = filter.mint
    } else {
      if (!isTokenProgram(filter.programId)) throw invalidParams('Invalid param: unrecognized Token program id')
      programs = [filter.programId]
    }
    const value = programs
      .flatMap((program) => ledger.programAccounts(program))
      .filter((account) => {
        const token = decodeTokenAccount(account)
        return token !== null && token.owner === owner && (mint === undefined || token.mint === mint)
      })
      .map((account) => ({ account: encodeForConfig(ctx, account, config), pubkey: account.address }))
    return withContext(ledger, value)
  },
  getTokenAccountBalance(params, { ledger }) {
    const [address, config] = parseParams(AddressWithContext, params)
    checkMinContextSlot(ledger, config)
    const account = ledger.account(address)
    if (!account) throw invalidParams('Invalid param: could not find account')
    const token = decodeTokenAccount(account)
    if (!token) throw invalidParams('Invalid param: not a Token account')
    return withContext(ledger, uiTokenAmount(token.amount, mintDecimals(ledger, token.mint)))
  },
  getTokenSupply(params, { ledger }) {
    const [address, config] = parseParams(AddressWithContext, params)
    checkMinContextSlot(ledger, config)
    const account = ledger.account(address)
    if (!account) throw invalidParams('Invalid param: could not find account')
    const mint = decodeMint(account)
    if (!mint) throw invalidParams('Invalid param: not a Token mint')
    return withContext(ledger, uiTokenAmount(mint.supply, mint.decimals))
  },
}
