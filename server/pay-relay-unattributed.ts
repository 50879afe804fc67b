// Native coin can reach a deposit address with no transaction to it: sent from inside a contract
// call (a smart-contract wallet's payment) or by a self-destruct. It shows only as balance that the
// listed transfers and the relayer's own transactions do not explain. Its sender is unknown, so it
// can be neither counted for the payment nor refunded: it is held at the address (never swept
// into the treasury) and reported as unattributed on the quote's status, for the operator to
// return by hand.
import { isNative } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'
import type { IncomingTransfer } from './pay-relay-deposits.ts'
import { openTxs } from './pay-relay-tx.ts'
import type { RelayContext, RelayRow } from './pay-relay-work.ts'

/**
 * The native coin the deposit address holds by what is known: the listed transfers (a native
 * quote's) and the treasury's gas in, less every transaction it sent (its fee, and the coin a
 * mined one moved). Every transaction of the quote must be settled and the listing taken after them.
 */
export async function explainedNative(ctx: RelayContext, a: EvmChain, r: RelayRow, transfers: IncomingTransfer[]): Promise<bigint> {
  const native = isNative(r.origin_currency)
  let sum = native ? transfers.reduce((total, t) => total + t.amount, 0n) : 0n
  for (const x of await openTxs(ctx.state.db, r.request_id)) {
    if (x.chain_id !== a.chainId) continue
    if (x.kind === 'gas' && x.status === 'confirmed') sum += BigInt(x.amount)
    if (x.signer !== r.deposit_address.toLowerCase() || (x.status !== 'confirmed' && x.status !== 'reverted')) continue
    const receipt = await a.client.getTransactionReceipt({ hash: x.tx_hash })
    sum -= receipt.gasUsed * receipt.effectiveGasPrice
    const movesNative = native ? x.kind === 'refund' || x.kind === 'sweep' : x.kind === 'gas-return'
    if (x.status === 'confirmed' && movesNative) sum -= BigInt(x.amount)
  }
  return sum > 0n ? sum : 0n
}

/** Of `held`, what nothing explains: recorded on the quote (its status reports it) and left at the address. */
export async function holdUnattributed(ctx: RelayContext, a: EvmChain, r: RelayRow, transfers: IncomingTransfer[], held: bigint): Promise<bigint> {
  const explained = await explainedNative(ctx, a, r, transfers)
  const unattributed = held > explained ? held - explained : 0n
  await ctx.state.db.query('UPDATE pay_relays SET unattributed = $2 WHERE request_id = $1', [r.request_id, String(unattributed)])
  return unattributed
}
