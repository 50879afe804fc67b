import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { Wallets } from '@wallet-standard/app'
import type { AdapterContext, ChainAdapter, ConnectResult, Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { servesNetwork } from './chains'
import { discoverWallets, type DiscoveredWallet } from './discovery'
import { createProvider, type SolanaWalletProvider } from './provider'
import { installPolyfills } from './polyfills'
import {
  callWallet,
  ConnectOutput,
  feature,
  pickAccount,
  requireFeature,
  solanaAccounts,
  withTimeout,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
} from './standard'

/** SPEC section 9: how long a disconnect waits for the wallet. */
const DISCONNECT_WAIT_MS = 3000

interface Session {
  wallet: Wallet
  account: WalletAccount
  network: Network
  off?: () => void
}

export type SolanaAdapter = Omit<ChainAdapter, 'getProvider'> & { getProvider(connectorId: string): SolanaWalletProvider | undefined }

/**
 * The Solana adapter over the Wallet Standard: discovery, connect and silent reconnect
 * (standard:connect), disconnect, the wallet's own changes (standard:events), signing through
 * getProvider(), and balances through @solana/kit in a chunk of its own.
 */
export function createSolanaAdapter(getWallets: () => Wallets): SolanaAdapter {
  let context: AdapterContext | undefined
  let wallets: DiscoveredWallet[] = []
  let refresh = () => {}
  const sessions = new Map<string, Session>()
  const providers = new WeakMap<Wallet, SolanaWalletProvider>()

  const find = (id: string) => wallets.find((w) => w.connector.id === id)?.wallet
  const walletFor = (id: string): Wallet => {
    const wallet = find(id)
    if (!wallet) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    return wallet
  }
  const end = (id: string) => {
    sessions.get(id)?.off?.()
    sessions.delete(id)
  }

  /** Keeps the modal in step with what the wallet does on its own (accounts switched or gone). */
  const watch = (id: string, session: Session) =>
    feature<EventsFeature>(session.wallet, 'standard:events')?.on('change', (changed) => {
      if (sessions.get(id) !== session) return
      if (changed.chains || changed.features) refresh()
      if (!changed.accounts || sessions.get(id) !== session) return
      const accounts = solanaAccounts(changed.accounts)
      if (accounts.length === 0) {
        end(id)
        context?.onDisconnected(id)
        return
      }
      const same = accounts.find((a) => a.address === session.account.address)
      session.account = same ?? pickAccount(accounts, session.network)
      if (!same) context?.onAccountChanged({ connectorId: id, address: session.account.address })
    })

  const begin = (id: string, wallet: Wallet, accounts: WalletAccount[], network: Network): ConnectResult => {
    end(id)
    const session: Session = { wallet, account: pickAccount(accounts, network), network }
    sessions.set(id, session)
    session.off = watch(id, session)
    return {
      address: session.account.address,
      chainId: network.id,
      accounts: accounts.map((a) => ({ address: a.address, type: 'eoa' as const })),
    }
  }

  const rpcUrl = (network: Network) => context?.rpcUrl(network) || network.rpcUrls.default.http[0] || ''
  // Balances fall back across every endpoint of the network (the lazy chunk's fallback transport).
  const rpcUrls = (network: Network) => {
    const urls = context?.rpcUrls?.(network) ?? [rpcUrl(network)]
    return urls.length ? urls : [rpcUrl(network)]
  }

  // AppKit's providers show networks with the endpoints its reads use: here, the site's own.
  const withEndpoints = (network: Network): Network => ({ ...network, rpcUrls: { ...network.rpcUrls, default: { ...network.rpcUrls.default, http: rpcUrls(network) } } })

  return {
    namespace: 'solana',
    setup(ctx) {
      installPolyfills()
      context = ctx
      refresh = discoverWallets(getWallets(), ctx.settings, (list) => {
        wallets = list
        ctx.setConnectors(list.map((w) => w.connector))
        // A connected wallet that left the registry, or stopped serving Solana, is disconnected.
        for (const [id, session] of [...sessions]) {
          if (!list.some((w) => w.connector.id === id && w.wallet === session.wallet)) {
            end(id)
            ctx.onDisconnected(id)
          }
        }
      }).refresh
    },
    async connect(id, network) {
      const wallet = walletFor(id)
      const connect = requireFeature<ConnectFeature>(wallet, 'standard:connect')
      const { accounts } = await callWallet(() => connect.connect(), ConnectOutput)
      const list = solanaAccounts(accounts)
      if (list.length === 0) throw new PosternError('No account found', 'NO_ACCOUNT')
      return begin(id, wallet, list, network)
    },
    async reconnect(id, network) {
      const wallet = find(id)
      if (!wallet) return undefined
      // silent: the accounts this site was already given, or none, never a prompt
      const connect = requireFeature<ConnectFeature>(wallet, 'standard:connect')
      const { accounts } = await callWallet(() => connect.connect({ silent: true }), ConnectOutput)
      const list = solanaAccounts(accounts)
      return list.length ? begin(id, wallet, list, network) : undefined
    },
    async disconnect(id) {
      const wallet = sessions.get(id)?.wallet ?? find(id)
      end(id)
      const disconnect = wallet && feature<DisconnectFeature>(wallet, 'standard:disconnect')
      // Best effort: the wallet forgets this site, so the next visit does not reconnect silently.
      if (disconnect) await withTimeout(Promise.resolve().then(() => disconnect.disconnect()).catch(() => undefined), DISCONNECT_WAIT_MS)
    },
    async switchNetwork(id, network) {
      const wallet = walletFor(id)
      if (!servesNetwork(wallet.chains, network)) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
      const session = sessions.get(id)
      if (session) session.network = network
    },
    async getBalance(address, network) {
      const rpc = await import('../../lazy/solana/index')
      return rpc.getNativeBalance(rpcUrls(network), network, address)
    },
    async getTokenBalances(address, network) {
      const rpc = await import('../../lazy/solana/index')
      return rpc.getTokenBalances(rpcUrls(network), network, address)
    },
    getProvider(id) {
      const wallet = find(id)
      if (!wallet) return undefined
      let provider = providers.get(wallet)
      if (!provider) {
        provider = createProvider(wallet, () => {
          const session = sessions.get(id)
          return session?.wallet === wallet ? session : undefined
        }, { requested: () => (context?.networks ?? []).map(withEndpoints) })
        providers.set(wallet, provider)
      }
      return provider
    },
  }
}
