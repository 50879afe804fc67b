import { connect, createConnector, disconnect, getAccount, type Config, type Connector as WagmiConnector, type CreateConnectorFn } from '@wagmi/core'
import type { AppKit } from '../kit'
import type { Network } from '../types'

/** AppKit's id of its wagmi WalletConnect connector: wagmi's hooks see a modal WalletConnect session as it. */
export const WALLET_CONNECT_ID = 'walletConnect'

type Address = `0x${string}`

/** A connection the modal makes itself, which a wagmi connector mirrors (AppKit's ids and names). */
export interface ModalConnection {
  id: string
  name: string
  type: string
  /** The modal's connector type while that connection is the EVM one. */
  providerType: string
  /** The error of a connect made through wagmi while the modal has no such connection. */
  openHint: string
}
export const WALLET_CONNECT: ModalConnection = { id: WALLET_CONNECT_ID, name: 'WalletConnect', type: 'walletConnect', providerType: 'WALLET_CONNECT', openHint: 'Open the modal to pair a wallet over WalletConnect' }
/** AppKit's auth connector: the embedded wallet (email and social login). */
export const AUTH: ModalConnection = { id: 'AUTH', name: 'Auth', type: 'AUTH', providerType: 'AUTH', openHint: 'Open the modal to log in with email or a social account' }

const live = (kit: AppKit, spec: ModalConnection) => kit.getProviderType('eip155') === spec.providerType && kit.getAccount('eip155').status === 'connected'
const accountsOf = (kit: AppKit): Address[] => {
  const account = kit.getAccount('eip155')
  const all = account.allAccounts.map((a) => a.address)
  return (all.length ? all : account.address ? [account.address] : []) as Address[]
}

/**
 * A wagmi connector over a connection the modal makes (a WalletConnect session, the embedded
 * wallet's login; this never connects by itself): wagmi's actions then reach the wallet through
 * the connection's provider, and a switch through wagmi switches the modal's network.
 */
export function modalConnector(kit: () => AppKit | undefined, spec: ModalConnection): CreateConnectorFn {
  return createConnector((config) => ({
    id: spec.id,
    name: spec.name,
    type: spec.type,
    async connect() {
      const k = kit()
      if (!k || !live(k, spec)) throw new Error(spec.openHint)
      return { accounts: accountsOf(k), chainId: Number(k.getChainId()) } as never
    },
    async disconnect() {
      const k = kit()
      if (k && live(k, spec)) await k.disconnect('eip155')
    },
    getAccounts: async () => accountsOf(kit()!),
    getChainId: async () => Number(kit()?.getChainId()),
    getProvider: async () => kit()?.getProvider('eip155'),
    isAuthorized: async () => !!kit() && live(kit()!, spec),
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

/** The modal's WalletConnect session as AppKit's wagmi connector. */
export const modalWalletConnect = (kit: () => AppKit | undefined) => modalConnector(kit, WALLET_CONNECT)

/**
 * Keeps wagmi's state in step with a connection the modal makes: one the modal makes connects
 * the connector above in wagmi (when the config has it), its account and chain changes follow,
 * its end disconnects it. `busy` marks these connects as the modal's own.
 */
export function followSession(kit: AppKit, wagmiConfig: Config, busy: { count: number }, spec: ModalConnection = WALLET_CONNECT): () => void {
  const connector = () => wagmiConfig.connectors.find((c) => c.id === spec.id) as WagmiConnector | undefined
  const sync = async () => {
    const wc = connector()
    if (!wc) return
    const wagmiOn = getAccount(wagmiConfig).connector?.id === spec.id
    if (live(kit, spec) && !wagmiOn) {
      busy.count++
      try {
        await connect(wagmiConfig, { connector: wc })
      } catch {
        // the session ended meanwhile
      } finally {
        busy.count--
      }
    } else if (live(kit, spec)) {
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
