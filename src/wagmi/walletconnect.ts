import { connect, createConnector, disconnect, getAccount, type Config, type Connector as WagmiConnector, type CreateConnectorFn } from '@wagmi/core'
import type { AppKit } from '../kit'
import type { Network } from '../types'

/** AppKit's id of its wagmi WalletConnect connector: wagmi's hooks see a modal WalletConnect session as it. */
export const WALLET_CONNECT_ID = 'walletConnect'

type Address = `0x${string}`
const wcSession = (kit: AppKit) => kit.getProviderType('eip155') === 'WALLET_CONNECT' && kit.getAccount('eip155').status === 'connected'
const accountsOf = (kit: AppKit): Address[] => {
  const account = kit.getAccount('eip155')
  const all = account.allAccounts.map((a) => a.address)
  return (all.length ? all : account.address ? [account.address] : []) as Address[]
}

/**
 * A wagmi connector over the modal's WalletConnect session (the modal pairs; this never does):
 * wagmi's actions then reach the wallet through the session's provider, and a switch through
 * wagmi switches the modal's network.
 */
export function modalWalletConnect(kit: () => AppKit | undefined): CreateConnectorFn {
  return createConnector((config) => ({
    id: WALLET_CONNECT_ID,
    name: 'WalletConnect',
    type: 'walletConnect',
    async connect() {
      const k = kit()
      if (!k || !wcSession(k)) throw new Error('Open the modal to pair a wallet over WalletConnect')
      return { accounts: accountsOf(k), chainId: Number(k.getChainId()) } as never
    },
    async disconnect() {
      const k = kit()
      if (k && wcSession(k)) await k.disconnect('eip155')
    },
    getAccounts: async () => accountsOf(kit()!),
    getChainId: async () => Number(kit()?.getChainId()),
    getProvider: async () => kit()?.getProvider('eip155'),
    isAuthorized: async () => !!kit() && wcSession(kit()!),
    async switchChain({ chainId }) {
      const k = kit()
      const network = k?.getCaipNetworks('eip155').find((n) => Number(n.id) === chainId)
      const chain = config.chains.find((c) => c.id === chainId)
      if (!k || !network || !chain) throw new Error(`Chain ${chainId} is not configured`)
      await k.switchNetwork(network as Network)
      return chain
    },
    onAccountsChanged: (accounts) => config.emitter.emit('change', { accounts: accounts as Address[] }),
    onChainChanged: (chainId) => config.emitter.emit('change', { chainId: Number(chainId) }),
    onDisconnect: () => config.emitter.emit('disconnect'),
  }))
}

/**
 * Keeps wagmi's state in step with the modal's WalletConnect session: a session the modal makes
 * connects the connector above in wagmi, its account and chain changes follow, its end
 * disconnects it. `busy` marks these connects as the modal's own.
 */
export function followSession(kit: AppKit, wagmiConfig: Config, busy: { count: number }): () => void {
  const connector = () => wagmiConfig.connectors.find((c) => c.id === WALLET_CONNECT_ID) as WagmiConnector | undefined
  const sync = async () => {
    const wc = connector()
    if (!wc) return
    const wagmiOn = getAccount(wagmiConfig).connector?.id === WALLET_CONNECT_ID
    if (wcSession(kit) && !wagmiOn) {
      busy.count++
      try {
        await connect(wagmiConfig, { connector: wc })
      } catch {
        // the session ended meanwhile
      } finally {
        busy.count--
      }
    } else if (wcSession(kit)) {
      wc.emitter.emit('change', { accounts: accountsOf(kit), chainId: Number(kit.getChainId()) })
    } else if (wagmiOn) {
      await disconnect(wagmiConfig, { connector: wc }).catch(() => undefined)
    }
  }
  const stopAccount = kit.subscribeAccount(() => void sync())
  const stopNetwork = kit.subscribeNetwork(() => void sync())
  void sync()
  return () => {
    stopAccount()
    stopNetwork()
  }
}
