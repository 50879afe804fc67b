import type { AdapterContext, ConnectResult, Network } from '../../types'
import { accountsChanged } from './changes'
import { directResult, writtenFor, type DirectAccount, type DirectWallet } from './direct'

/** `away`: the wallet went to a network the site does not have (the modal shows it unsupported until it is back). */
export interface DirectSession { accounts: DirectAccount[]; network: Network; away?: boolean; off?: () => void }

/**
 * The sessions with wallets reached through their own API (sats-connect, OKX, Unisat): each one
 * follows the wallet's account changes and, where it tells of them, its own network switches.
 */
export function directSessions(context: () => AdapterContext | undefined, requested: () => Network[]) {
  const sessions = new Map<string, DirectSession>()
  const end = (id: string) => {
    sessions.get(id)?.off?.()
    sessions.delete(id)
  }
  /**
   * The visitor switched inside the wallet: a network the site has is followed (its addresses read
   * anew); another one is reported as it is, so the modal shows it unsupported (AppKit's chainChanged).
   */
  const followNetwork = async (id: string, wallet: DirectWallet, session: DirectSession, chainId: string) => {
    // The modal's own switch set the session's network first: the wallet's word on it is not a second change.
    if (chainId === String(session.network.id) && !session.away) return
    const network = requested().find((n) => String(n.id) === chainId)
    if (!network) {
      session.away = true
      return context()?.onAccountChanged({ connectorId: id, chainId })
    }
    if (network === session.network && !session.away) return
    session.network = network
    session.away = false
    const accounts = await wallet.restore(network).catch(() => [])
    if (sessions.get(id) !== session || session.network !== network || accounts.length === 0) return
    session.accounts = accounts
    const result = directResult(accounts, network)
    context()?.onAccountChanged({ connectorId: id, address: result.address, chainId: result.chainId, accounts: result.accounts })
  }
  /** A session with a direct wallet; its own account changes followed (another address, or none: disconnected). */
  const begin = (id: string, wallet: DirectWallet, accounts: DirectAccount[], network: Network): ConnectResult => {
    end(id)
    const session: DirectSession = { accounts, network }
    sessions.set(id, session)
    const offAccounts = wallet.watch?.(async (addresses) => {
      if (sessions.get(id) !== session) return
      const next = addresses.length ? await wallet.restore(session.network).catch(() => []) : []
      if (sessions.get(id) !== session) return
      accountsChanged(context(), id, session, next, end, directResult)
    })
    const offNetwork = wallet.watchNetwork?.((chainId) => void followNetwork(id, wallet, session, chainId))
    session.off = () => {
      offAccounts?.()
      offNetwork?.()
    }
    return directResult(accounts, network)
  }
  /**
   * AppKit's syncConnections: a wallet that already trusts the site gives its accounts at once. A
   * reload after a switch comes back on the wallet's own network when it tells one the site has and
   * its addresses are written for it; else on the asked one.
   */
  const restore = async (id: string, wallet: DirectWallet, asked: Network): Promise<ConnectResult | undefined> => {
    const chainId = await wallet.current?.().catch(() => undefined)
    let on = requested().find((n) => String(n.id) === chainId) ?? asked
    let accounts = await wallet.restore(on)
    if (on !== asked && accounts[0] && !writtenFor(accounts[0].address, on)) accounts = await wallet.restore((on = asked))
    return accounts.length ? begin(id, wallet, accounts, on) : undefined
  }
  /** The modal's switch: the session's network set before the wallet answers (its event during the switch is not followed twice). */
  const switchTo = async (id: string, wallet: DirectWallet, network: Network) => {
    const ongoing = sessions.get(id)
    if (!ongoing) return
    const previous = ongoing.network
    ongoing.network = network
    ongoing.away = false
    let accounts: DirectAccount[] | undefined
    try {
      accounts = await wallet.switchNetwork(network)
    } catch (error) {
      if (ongoing.network === network) ongoing.network = previous
      throw error
    }
    if (accounts?.length && sessions.get(id) === ongoing) accountsChanged(context(), id, ongoing, accounts, end, directResult)
  }
  return { sessions, begin, end, restore, switchTo }
}
