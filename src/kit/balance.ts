import type { AppKit } from '../kit'
import { accountFor } from '../signals/account'
import { loadRuntime } from '../chunks'

export interface BalanceResult {
  data: { balance: string; symbol: string } | undefined
  error: string | null
  isSuccess: boolean
  isError: boolean
}

/** AppKit's useAppKitBalance().fetchBalance (React and Vue): the active account's balance, read afresh. */
export async function fetchBalance(kit: AppKit | undefined): Promise<BalanceResult> {
  if (!kit) throw new Error('AppKit not initialized when  fetchBalance was called.')
  const namespace = kit.store.network.activeNamespace.peek()
  if (!accountFor(kit.store, namespace).address) return { data: undefined, error: 'Not able to retrieve balance', isSuccess: false, isError: true }
  await (await loadRuntime()).refreshBalance(kit.store, namespace, { force: true })
  const { balance, balanceSymbol, balanceError } = accountFor(kit.store, namespace)
  const data = balance !== undefined && !balanceError ? { balance, symbol: balanceSymbol ?? '' } : undefined
  return { data, error: data ? null : 'No balance found', isSuccess: !!data, isError: !data }
}
