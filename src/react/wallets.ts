import { useMemo, useState } from 'react'
import type { AppKit } from '../kit'
import type { CatalogueWallet, ChainNamespace, Connector } from '../types'
import { loadRuntime } from '../chunks'
import { requireKit, useKitValue } from './store'

/** AppKit's WalletItem (ConnectUtil.ts). */
export interface WalletItem {
  id: string
  name: string
  imageUrl: string
  imageId?: string
  connectors: { id: string; rdns?: string; chain: ChainNamespace }[]
  walletInfo: { supportedChains?: string[]; website?: string; deepLink?: string; installationLinks?: { appStore?: string; playStore?: string; chromeStore?: string; desktopLink?: string } }
  isInjected: boolean
  isRecent: boolean
}

const fromConnector = (c: Connector): WalletItem => ({
  id: c.explorerId ?? c.id, name: c.name, imageUrl: c.imageUrl ?? '', imageId: c.imageId,
  connectors: [{ id: c.id, rdns: c.info?.rdns, chain: c.chain }], walletInfo: {}, isInjected: true, isRecent: false,
})
const fromCatalogue = (w: CatalogueWallet, recent = false): WalletItem => ({
  id: w.id, name: w.name, imageUrl: w.image_url ?? '', imageId: w.image_id, connectors: [], isInjected: false, isRecent: recent,
  walletInfo: {
    supportedChains: w.chains, website: w.homepage ?? undefined, deepLink: w.mobile_link ?? undefined,
    installationLinks: { appStore: w.app_store ?? undefined, playStore: w.play_store ?? undefined, chromeStore: w.chrome_store ?? undefined, desktopLink: w.desktop_link ?? undefined },
  },
})

function snapshot(kit: AppKit) {
  const { store } = kit
  const enabled = !!store.options.features.headless && store.remoteFeatures.value.headless !== false
  const wc = store.walletConnect
  const injected = store.connection.connectors.value.filter((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED')
  const w = store.wallets
  return {
    enabled,
    wallets: [...injected.map(fromConnector), ...w.recent.value.map((x) => fromCatalogue(x, true)), ...w.featured.value.map((x) => fromCatalogue(x)), ...w.recommended.value.map((x) => fromCatalogue(x))],
    wcWallets: (w.query.value ? w.results.value : w.all.value).map((x) => fromCatalogue(x)),
    isFetchingWallets: w.pageLoading.value || w.searching.value || w.loading.value,
    isFetchingWcUri: wc?.status.value === 'pairing' && !wc.uri.value,
    wcUri: wc?.uri.value,
    wcError: !!wc?.error.value,
    page: w.page.value,
    count: w.count.value,
  }
}

/** AppKit's headless hook (features.headless): the wallet lists and connect, for a custom connect UI. */
export function useAppKitWallets() {
  const kit = requireKit('useAppKitWallets')
  const state = useKitValue('useAppKitWallets', snapshot)
  const [connectingWallet, setConnecting] = useState<WalletItem | undefined>(undefined)
  return useMemo(() => {
    const { store } = kit
    const catalogue = () => import('../signals/catalogue')
    const pair = async (wallet?: CatalogueWallet) => (await store.chunks.walletConnect!()).startPairing(store, { wallet })
    const resetWcUri = () => {
      if (store.walletConnect) store.chunks.walletConnect?.().then((m) => m.cancelPairing(store))
    }
    const api = {
      fetchWallets: async (options: { page?: number; search?: string; query?: string } = {}) => {
        const m = await catalogue()
        const search = options.search ?? options.query
        if (search) return m.searchWallets(store, search)
        store.wallets.query.value = ''
        await m.loadCatalogue(store)
        while (store.wallets.page.peek() < (options.page ?? 1) && m.hasMorePages(store)) await m.loadNextPage(store)
      },
      async connect(wallet: WalletItem, namespace?: ChainNamespace) {
        setConnecting(wallet)
        const ns = namespace ?? store.network.activeNamespace.peek()
        try {
          await store.ui.start?.() // the installed wallets are known once the adapters have started
          const id = wallet.connectors.find((c) => c.chain === ns)?.id ?? wallet.id
          const connector = store.connection.connectors.peek().find((c) => c.chain === ns && (c.id === id || c.explorerId === id))
          if (connector) await (await loadRuntime()).connectWallet(store, connector)
          else await pair(store.wallets.all.peek().find((w) => w.id === wallet.id) ?? ({ id: wallet.id, name: wallet.name } as CatalogueWallet))
        } catch (error) {
          setConnecting(undefined)
          throw error
        }
      },
      getWcUri: () => pair(),
      resetWcUri,
      resetConnectingWallet: () => setConnecting(undefined),
    }
    const { enabled, ...lists } = state
    if (!enabled) {
      const none = async () => undefined
      return { wallets: [], wcWallets: [], isFetchingWallets: false, isFetchingWcUri: false, isInitialized: false, wcUri: undefined, connectingWallet: undefined, page: 0, count: 0, wcError: false, wcClientId: null, fetchWallets: none, connect: none, getWcUri: none, resetWcUri: () => {}, resetConnectingWallet: () => {} }
    }
    return { ...lists, isInitialized: true, connectingWallet, wcClientId: null, ...api }
  }, [kit, state, connectingWallet])
}
