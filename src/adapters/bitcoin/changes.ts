import type { AdapterContext, ConnectResult, Network } from '../../types'

/**
 * A session's wallet reports its accounts anew (on its own, or on the session's network after a
 * switch): none left ends it (disconnected); a new first address is announced with every account.
 */
export function accountsChanged<A extends { address: string }>(
  context: AdapterContext | undefined,
  id: string,
  session: { accounts: A[]; network: Network },
  accounts: A[],
  stop: (id: string) => void,
  describe: (accounts: A[], network: Network) => ConnectResult,
): void {
  if (accounts.length === 0) {
    stop(id)
    context?.onDisconnected(id)
    return
  }
  const before = session.accounts[0]?.address
  session.accounts = accounts
  if (accounts[0]!.address === before) return
  const result = describe(accounts, session.network)
  context?.onAccountChanged({ connectorId: id, address: result.address, chainId: result.chainId, accounts: result.accounts })
}
