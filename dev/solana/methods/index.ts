import { accountMethods } from './accounts.ts'
import { blockhashMethods } from './blockhash.ts'
import { clusterMethods } from './cluster.ts'
import type { Handler } from './context.ts'
import { historyMethods } from './history.ts'
import { tokenMethods } from './tokens.ts'
import { transactionMethods } from './transactions.ts'

/** Every JSON-RPC method the local ledger answers, by name. */
export const METHODS: ReadonlyMap<string, Handler> = new Map(
  Object.entries({
    ...clusterMethods,
    ...accountMethods,
    ...tokenMethods,
    ...blockhashMethods,
    ...transactionMethods,
    ...historyMethods,
  }),
)

export type { Handler, RpcContext } from './context.ts'
