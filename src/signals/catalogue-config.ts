// The provider API as this instance calls it, and the site's catalogue options applied to its answers.
import type { Store } from './store'
import type { CatalogueWallet } from '../types'
import { getAllowedOrigins, getAnalyticsConfig, INVALID_APP_CONFIGURATION, isOriginAllowed, walletImageUrl, type ProviderConfig } from '../api/provider'
import { showToast } from './toast'
import { runtime } from './catalogue-runtime'
import { excludedWallets } from './coinbase'

/** 'Invalid App Configuration' (403 or origin not allowed), once per instance, with a console error. */
export function reportInvalidConfig(store: Store, detail: string): void {
  const rt = runtime(store)
  if (rt.reported) return
  rt.reported = true
  console.error(`[postern] ${INVALID_APP_CONFIGURATION}: ${detail}`)
  showToast(store, 'error', INVALID_APP_CONFIGURATION)
}

export function providerConfig(store: Store): ProviderConfig {
  const { apiUrl, projectId } = store.options
  return {
    apiUrl,
    projectId,
    onForbidden: (path) => reportInvalidConfig(store, `${path} answered 403: check the project id "${projectId}"`),
  }
}

/** A catalogue wallet's icon URL: its own image_url, else the provider's image by id. */
export function walletImage(store: Store, wallet: CatalogueWallet): string | undefined {
  return wallet.image_url ?? (wallet.image_id ? walletImageUrl(providerConfig(store), wallet.image_id) : undefined)
}

/** The wallet with image_url filled in, so every list can show its icon. */
export function withImage(store: Store, wallet: CatalogueWallet): CatalogueWallet {
  return wallet.image_url ? wallet : { ...wallet, image_url: walletImage(store, wallet) }
}

// Explorer ids go to the server; rdns and names (SPEC: exclusion by id, rdns or name) filter here.
const EXPLORER_ID = /^[0-9a-zA-Z_-]{1,128}$/
export const explorerIds = (list?: readonly string[]) => (list ?? []).filter((id) => EXPLORER_ID.test(id))

export function isExcluded(store: Store, wallet: CatalogueWallet): boolean {
  const excluded = excludedWallets(store.options)
  if (!excluded.length) return false
  const keys = [wallet.id, wallet.rdns, wallet.name].filter(Boolean).map((k) => k!.toLowerCase())
  return excluded.some((e) => keys.includes(e.toLowerCase()))
}

export function baseQuery(store: Store) {
  return {
    include: explorerIds(store.options.includeWalletIds),
    exclude: explorerIds(excludedWallets(store.options)),
    chains: store.network.networks.peek().map((n) => n.caipNetworkId),
  }
}

/**
 * Once per instance: the analytics switch (off on error), and when e-mail or social login is
 * on, whether this page's origin is on the project's allow list.
 */
export function checkProjectConfig(store: Store): Promise<void> {
  const rt = runtime(store)
  rt.checked ??= (async () => {
    const { projectId, features } = store.options
    if (!projectId) return
    const config = providerConfig(store)
    const needsOrigin = features.email || (Array.isArray(features.socials) && features.socials.length > 0)
    const [analytics, origins] = await Promise.all([
      features.analytics ? getAnalyticsConfig(config) : { isAnalyticsEnabled: false },
      needsOrigin ? getAllowedOrigins(config) : [],
    ])
    store.wallets.analytics.value = analytics.isAnalyticsEnabled
    // An empty list is what an unreachable API gives too: only a real list can refuse an origin.
    const origin = typeof location === 'undefined' ? undefined : location.origin
    if (origin && origins.length && !isOriginAllowed(origin, origins)) {
      reportInvalidConfig(store, `origin ${origin} is not on the project's allowed origins`)
    }
  })()
  return rt.checked
}
