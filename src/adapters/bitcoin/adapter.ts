import * as v from 'valibot'
import type { Wallet } from '@wallet-standard/base'
import type { Wallets } from '@wallet-standard/app'
import type { AdapterContext, ChainAdapter, ConnectResult, Connector, Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { callWallet, feature, requireFeature, withTimeout, type DisconnectFeature, type EventsFeature } from '../solana/standard'
import { chainIdOfWalletChain, servesNetwork } from '../../utils/bitcoin-chains'
import { getUtxos } from '../../utils/esplora'
import { formatSats } from './units'
import { createBitcoinProvider, type BitcoinConnector, type BitcoinSession } from './provider'
import { bitcoinAccounts, ConnectOutput, isBitcoinWallet, purposeOf, toHex, type BitcoinConnectFeature, type BitcoinSwitchNetworkFeature } from './standard'
import { satsConnectWallets, satsWallet } from './sats-connect'
import { injectedWallets } from './injected'
import { EXPLORER_IDS } from './explorer-ids'
import { directConnector, type DirectWallet } from './direct'
import { directSessions } from './direct-sessions'
import { accountsChanged } from './changes'

/** SPEC section 9: how long a disconnect waits for the wallet. */
const DISCONNECT_WAIT_MS = 3000

interface Session extends BitcoinSession {
  away?: boolean
  wallet: Wallet
  off?: () => void
}

export type BitcoinAdapter = Omit<ChainAdapter, 'getProvider'> & { getProvider(connectorId: string): BitcoinConnector | undefined }

/**
 * The Bitcoin adapter over the Wallet Standard (bitcoin:connect wallets, as AppKit 1.8 finds them):
 * connect with the payment account first, the wallet's own changes, balances from the network's
 * Esplora API, and AppKit's BitcoinConnector through getProvider().
 */
export function createBitcoinAdapter(getWallets: () => Wallets): BitcoinAdapter {
  let context: AdapterContext | undefined
  let wallets: { connector: Connector; wallet: Wallet }[] = []
  // Wallets with their own injected API (sats-connect, OKX, Unisat) that are not Wallet Standard ones of the same name.
  let directWallets: DirectWallet[] = []
  const directs = directSessions(() => context, () => requested())
  const directProviders = new Map<string, BitcoinConnector>()
  const sessions = new Map<string, Session>()
  const providers = new WeakMap<Wallet, BitcoinConnector>()

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
  const esplora = (network: Network) => context?.rpcUrl(network) || network.rpcUrls.default.http[0] || ''
  const requested = () => (context?.networks ?? []).filter((n) => n.chainNamespace === 'bip122')

  /** The network a wallet's accounts are on: the asked one when they serve it, else the site's first they do (the wallet keeps its own network across visits). */
  const networkOf = (accounts: Session['accounts'], asked: Network): Network => {
    const chains = accounts[0]!.chains
    return chains.length === 0 || servesNetwork(chains, asked) ? asked : requested().find((n) => servesNetwork(chains, n)) ?? asked
  }
  /** The CAIP-2 reference of an account's chains (bitcoin:testnet or bip122:<ref>): the first one named. */
  const chainIdOfChains = (chains: readonly string[]) => chains.map((c) => chainIdOfWalletChain(c) ?? (c.startsWith('bip122:') ? c.slice(7) : c))[0]!
  const standardResult = (accounts: Session['accounts'], network: Network): ConnectResult => ({
    address: accounts[0]!.address,
    chainId: network.id,
    accounts: accounts.map((a) => ({ address: a.address, type: purposeOf(a), publicKey: toHex(a.publicKey) })),
  })

  /**
   * The wallet's own changes: another payment address, or none left (disconnected); accounts on
   * another bitcoin chain (the visitor switched inside the wallet) move the session there, or, on a
   * chain the site does not have, tell the modal so (its unsupported-network handling).
   */
  const watch = (id: string, session: Session) =>
    feature<EventsFeature>(session.wallet, 'standard:events')?.on('change', (changed) => {
      if (sessions.get(id) !== session || !changed.accounts) return
      const accounts = bitcoinAccounts(changed.accounts)
      const chains = accounts[0]?.chains ?? []
      const back = session.away && accounts.length > 0
      if (!back && (chains.length === 0 || servesNetwork(chains, session.network))) return accountsChanged(context, id, session, accounts, end, standardResult)
      const network = chains.length === 0 ? session.network : requested().find((n) => servesNetwork(chains, n))
      session.away = !network
      if (!network) return context?.onAccountChanged({ connectorId: id, chainId: chainIdOfChains(chains) })
      session.network = network
      session.accounts = accounts
      context?.onAccountChanged({ connectorId: id, ...standardResult(accounts, network) })
    })

  const begin = (id: string, wallet: Wallet, accounts: Session['accounts'], network: Network): ConnectResult => {
    end(id)
    const session: Session = { wallet, accounts, network }
    sessions.set(id, session)
    session.off = watch(id, session)
    return standardResult(accounts, network)
  }

  const discover = (ctx: AdapterContext) => {
    const excluded = new Set(ctx.settings.excluded.map((s) => s.toLowerCase()))
    const registry = getWallets()
    const refresh = () => {
      const byName = new Map<string, { connector: Connector; wallet: Wallet }>()
      for (const wallet of registry.get()) {
        if (!isBitcoinWallet(wallet)) continue
        const name = wallet.name.trim()
        const explorerId = EXPLORER_IDS[name]
        if (byName.has(name) || [name, explorerId].some((k) => !!k && excluded.has(k.toLowerCase()))) continue
        byName.set(name, { wallet, connector: directConnector(name, name, wallet.icon, explorerId) })
      }
      wallets = [...byName.values()]
      const names = new Set(byName.keys())
      const found = [...satsConnectWallets().map((info) => satsWallet(info, EXPLORER_IDS[info.name])), ...injectedWallets(requested()[0])]
      // A wallet found again keeps its object: its session and provider hold on to it.
      directWallets = found
        .filter(({ connector: c }) => {
          const listed = names.has(c.name.trim()) || [c.id, c.name, c.explorerId].some((k) => !!k && excluded.has(k.toLowerCase()))
          names.add(c.name.trim())
          return !listed
        })
        .map((w) => directWallets.find((known) => known.connector.id === w.connector.id) ?? w)
      ctx.setConnectors([...wallets, ...directWallets].map((w) => w.connector))
      for (const [id, session] of [...sessions]) {
        if (!wallets.some((w) => w.connector.id === id && w.wallet === session.wallet)) {
          end(id)
          ctx.onDisconnected(id)
        }
      }
    }
    registry.on('register', refresh)
    registry.on('unregister', refresh)
    refresh()
    // As AppKit does: some sats-connect wallets (Leather) announce themselves a moment after load.
    for (const ms of [200, 400, 600]) setTimeout(() => satsConnectWallets().length + injectedWallets(requested()[0]).length !== directWallets.length && refresh(), ms)
  }
  const direct = (id: string) => directWallets.find((w) => w.connector.id === id)
  const adapter: BitcoinAdapter = {
    namespace: 'bip122',
    setup(ctx) {
      context = ctx
      discover(ctx)
    },
    async connect(id, network) {
      const other = direct(id)
      if (other) {
        const accounts = await other.connect(network)
        if (accounts.length === 0) throw new PosternError('No account found', 'NO_ACCOUNT')
        return directs.begin(id, other, accounts, network)
      }
      const wallet = walletFor(id)
      const connect = requireFeature<BitcoinConnectFeature>(wallet, 'bitcoin:connect')
      // AppKit asks for both purposes: the payment address pays, the ordinal (taproot) one holds inscriptions.
      const { accounts } = await callWallet(() => connect.connect({ purposes: ['payment', 'ordinals'] }), ConnectOutput)
      const list = bitcoinAccounts(accounts.length ? accounts : wallet.accounts)
      if (list.length === 0) throw new PosternError('No account found', 'NO_ACCOUNT')
      return begin(id, wallet, list, networkOf(list, network))
    },
    async reconnect(id, network) {
      const other = direct(id)
      if (other) return directs.restore(id, other, network)
      const wallet = find(id)
      // bitcoin:connect has no silent mode: only accounts the wallet already shows this site are taken, never a prompt.
      const list = wallet ? bitcoinAccounts(wallet.accounts) : []
      return wallet && list.length ? begin(id, wallet, list, networkOf(list, network)) : undefined
    },
    async disconnect(id) {
      const other = directs.sessions.has(id) && direct(id)
      directs.end(id)
      if (other) {
        await withTimeout(other.disconnect().catch(() => undefined), DISCONNECT_WAIT_MS)
        return
      }
      const wallet = sessions.get(id)?.wallet ?? find(id)
      end(id)
      const disconnect = wallet && feature<DisconnectFeature>(wallet, 'standard:disconnect')
      if (disconnect) await withTimeout(Promise.resolve().then(() => disconnect.disconnect()).catch(() => undefined), DISCONNECT_WAIT_MS)
    },
    async switchNetwork(id, network) {
      const other = directs.sessions.has(id) && direct(id)
      if (other) return directs.switchTo(id, other, network)
      const wallet = walletFor(id)
      if (!servesNetwork(wallet.chains, network)) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
      // AppKit's WalletStandardConnector.switchNetwork: the wallet's own bitcoin:switchNetwork, then its
      // accounts on that network; a wallet without it cannot switch (its addresses are one network's).
      const switchFeature = feature<BitcoinSwitchNetworkFeature>(wallet, 'bitcoin:switchNetwork')
      if (!switchFeature) throw new PosternError(`${wallet.name} wallet does not support network switching`, 'UNSUPPORTED_CHAIN')
      // The wallet may announce its new accounts (standard:events) before it answers: they are the new network's.
      const session = sessions.get(id)
      const previous = session?.network
      if (session) {
        session.network = network
        session.away = false
      }
      try {
        await callWallet(() => switchFeature.switchNetwork(network.caipNetworkId), v.unknown())
      } catch (error) {
        if (session && previous && session.network === network) session.network = previous
        throw error
      }
      if (session && sessions.get(id) === session) accountsChanged(context, id, session, bitcoinAccounts(wallet.accounts), end, standardResult)
    },
    async getBalance(address, network) {
      // AppKit's BitcoinAdapter.getBalance: the sum of the address's unspent outputs.
      const utxos = await getUtxos(esplora(network), address)
      const sats = utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
      return { balance: formatSats(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },
    getProvider(id) {
      const other = direct(id)
      if (other) {
        let provider = directProviders.get(id)
        if (!provider) {
          provider = other.provider({
            accounts: () => directs.sessions.get(id)?.accounts,
            network: () => directs.sessions.get(id)?.network,
            requested,
            connect: async () => (await adapter.connect(id, directs.sessions.get(id)?.network ?? requested()[0]!)).address,
            disconnect: () => adapter.disconnect(id),
          })
          directProviders.set(id, provider)
        }
        return provider
      }
      const wallet = find(id)
      if (!wallet) return undefined
      let provider = providers.get(wallet)
      if (!provider) {
        const session = () => {
          const current = sessions.get(id)
          return current?.wallet === wallet ? current : undefined
        }
        provider = createBitcoinProvider(wallet, EXPLORER_IDS[wallet.name.trim()], {
          session,
          requested,
          esplora,
          connect: async () => (await adapter.connect(id, session()?.network ?? requested()[0]!)).address,
          disconnect: () => adapter.disconnect(id),
          switchNetwork: async (network) => {
            await adapter.switchNetwork(id, network)
            context?.onAccountChanged({ connectorId: id, chainId: network.id })
          },
        })
        providers.set(wallet, provider)
      }
      return provider
    },
  }
  return adapter
}
