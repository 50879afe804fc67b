import { UniversalProvider } from '@walletconnect/universal-provider'
import * as v from 'valibot'
import type { Store } from '../../signals/store'
import type { CatalogueWallet, ChainNamespace } from '../../types'
import { isNamespace } from '../../utils/caip'
import { PosternError } from '../../utils/errors'
import { isMobile } from '../../utils/platform'
import { accountFor } from '../../signals/account'
import { applyConnection, forgetConnection, refreshBalance } from '../../signals/wallet'
import { refreshProfile } from '../../signals/profile'
import { findNetwork } from '../../signals/network'
import { WALLET_CONNECT_ID } from '../../signals/walletconnect'
import { isPairingExpired, PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, walletConnectConnector, walletConnectState } from '../../signals/walletconnect-pairing'
import {
  applySession,
  beginPairing,
  pairingFailed,
  pairingSucceeded,
  resetWalletConnect,
  sessionEnded,
  setPairingUri,
  type SessionLike,
} from './session'
import { createDriver, setDefaultChain } from './driver'
import type { Provider } from './provider'
import { requestedNamespaces } from './namespaces'
import { overrideDefaultChain } from './overrides'
import { followSiteConnect, showSiteUri } from './manual'
import { readsBalance } from './balance'

export { resetWalletConnect } from './session'
export { requestedNamespaces } from './namespaces'

type Session = NonNullable<Provider['session']>

/** One prefix for every page of a site, so a reload finds the session again. */
const STORAGE_PREFIX = 'postern'

interface Runtime {
  provider: Promise<Provider>
  refresh?: ReturnType<typeof setTimeout>
}
const runtimes = new WeakMap<Store, Runtime>()

function runtime(store: Store): Runtime {
  let rt = runtimes.get(store)
  if (!rt) {
    const provider = createProvider(store)
    rt = { provider }
    runtimes.set(store, rt)
    provider.catch(() => runtimes.delete(store)) // a failed start may succeed on the next try
  }
  return rt
}

/** The universal provider of this instance, created on first need (never at import or load). */
export function providerFor(store: Store): Promise<Provider> {
  return runtime(store).provider
}

async function createProvider(store: Store): Promise<Provider> {
  const { projectId, relayUrl, metadata, features, debug, universalProvider } = store.options
  // AppKit's universalProvider option: the site's own provider, already initialised, is used as is.
  const provider = (universalProvider as Provider | undefined) ?? await UniversalProvider.init({
    projectId,
    relayUrl,
    metadata,
    customStoragePrefix: STORAGE_PREFIX,
    telemetryEnabled: features.analytics && store.wallets.analytics.peek(),
    logger: debug ? 'warn' : 'fatal',
  })
  if (!isWalletConnectNetwork(relayUrl)) skipVerifyAttestation(provider)
  listen(store, provider)
  if (store.options.manualWCControl) {
    followSiteConnect(store, provider, () => lifetime(store), (session) => finishPairing(store, provider, session, {}), () => {
      if (provider.session) afterSession(store, provider, applySession(store, provider.session as SessionLike))
    })
  }
  return provider
}

/** A universal provider for a site's own use (postern/universal-connector), from this chunk's copy. */
export function initUniversalProvider(opts: Parameters<typeof UniversalProvider.init>[0]): Promise<Provider> {
  return UniversalProvider.init(opts)
}

/** manualWCControl: the site pairs; the view shows open({ uri })'s URI or waits for the provider's; a session made before the modal listened is taken up. */
export async function followSitePairing(store: Store, uri?: string): Promise<void> {
  let provider: Provider
  try {
    provider = await providerFor(store)
  } catch (error) {
    pairingFailed(store, error)
    return
  }
  const wc = walletConnectState(store)
  if (provider.session && wc.status.peek() !== 'connected') return finishPairing(store, provider, provider.session, {})
  if (uri && !provider.session) showSiteUri(store, uri, lifetime(store))
}

/** The public WalletConnect relays (the default, wss://relay.walletconnect.org, and its kin). */
function isWalletConnectNetwork(relayUrl: string): boolean {
  try {
    return /(^|\.)walletconnect\.(org|com)$/.test(new URL(relayUrl).hostname)
  } catch {
    return false
  }
}

/**
 * The Verify API attests this page's origin to wallets: core 2.25 loads an iframe from the
 * public verify server before it publishes each proposal and holds the proposal (and so the QR)
 * until the iframe answers or its 5 s abort timer fires. The client has no option to turn it
 * off. With a relay outside the WalletConnect network (self-hosted or offline) that server is no
 * part of the deployment, so registration answers "no attestation" at once: what the SDK itself sends
 * outside browsers. Wallets then show the site as unverified, as they would offline anyway.
 */
function skipVerifyAttestation(provider: Provider): void {
  provider.client.core.verify.register = async () => ''
}

// ---- pairing ------------------------------------------------------------------------------

export interface PairingOptions {
  /** The catalogue wallet chosen, if any (recent wallet, deep link name). */
  wallet?: CatalogueWallet
  /** Mobile and in-app browsers reuse a pending pairing until it expires. */
  reuse?: boolean
}

/** The internal walletConnectPairingTtl option when it is whole ms from 11 s to 5 min, else 4 minutes. */
function lifetime(store: Store): number {
  const ttl = store.options.walletConnectPairingTtl
  return Number.isInteger(ttl) && ttl! >= 11_000 && ttl! <= 300_000 ? ttl! : PAIRING_LIFETIME_MS
}

/**
 * Asks the wallet for a session: shows a URI, fetches a new one automatically when 10 s or less
 * remain, and ends in connected or in a retry state. Never throws.
 */
export async function startPairing(store: Store, opts: PairingOptions = {}): Promise<void> {
  const wc = walletConnectState(store)
  if (opts.reuse && wc.status.peek() === 'pairing' && wc.uri.peek() && !isPairingExpired(wc.expiresAt.peek())) {
    if (opts.wallet) wc.recentWallet.value = opts.wallet
    return
  }
  const rt = runtime(store)
  clearTimeout(rt.refresh)
  const attempt = beginPairing(store, opts.wallet)
  const current = () => wc.attempt.value === attempt && wc.status.peek() !== 'connected'
  let provider: Provider
  try {
    provider = await rt.provider
  } catch (error) {
    if (current()) pairingFailed(store, error)
    return
  }
  if (!current()) return
  if (provider.session) return finishPairing(store, provider, provider.session, opts)

  const onUri = (uri: unknown) => {
    if (!current() || typeof uri !== 'string' || !setPairingUri(store, uri, lifetime(store))) return
    const wait = Math.max(0, (wc.expiresAt.peek() ?? 0) - PAIRING_EXPIRY_MARGIN_MS - Date.now())
    clearTimeout(rt.refresh)
    rt.refresh = setTimeout(() => {
      if (current()) void startPairing(store, { ...opts, reuse: false })
    }, wait)
  }
  provider.on('display_uri', onUri)
  try {
    const session = await provider.connect({ optionalNamespaces: requestedNamespaces(store) })
    if (!session) throw new PosternError('The wallet did not open a session', 'WALLET_CONNECT_NO_SESSION')
    // A late approval of an older URI still counts: the wallet's user did approve it.
    if (wc.status.peek() !== 'connected' || !store.drivers.has(WALLET_CONNECT_ID)) finishPairing(store, provider, session, opts)
  } catch (error) {
    if (current()) pairingFailed(store, error)
  } finally {
    provider.removeListener('display_uri', onUri)
  }
}

/** Sign-in (SIWX) follows WalletConnect sessions too, for sites without adapters. */
function watchSiwx(store: Store): void {
  if (store.options.siwx || store.options.siweConfig) void import('../../signals/siwx').then((m) => m.watchSiwx(store))
}

function finishPairing(store: Store, provider: Provider, session: Session, opts: PairingOptions): void {
  watchSiwx(store)
  const rt = runtime(store)
  clearTimeout(rt.refresh)
  walletConnectState(store).attempt.value++ // silences any other attempt still out
  store.drivers.set(WALLET_CONNECT_ID, createDriver(store, provider))
  // AppKit sets the provider's default chain to the override's defaultChain after connecting;
  // here the state follows it too (afterSession points the provider at the account's chain).
  const prefer = overrideDefaultChain(store.options.universalProviderConfigOverride)
  const known = prefer && findNetwork(store.network.networks.peek(), prefer) ? prefer : undefined
  const namespaces = pairingSucceeded(store, session as SessionLike, opts.reuse || isMobile() ? 'mobile' : 'qrcode', known)
  afterSession(store, provider, namespaces)
}

/** Leaves the pairing: on mobile a pending one stays for reuse; else it is reset. */
export function cancelPairing(store: Store, { keepPending = false } = {}): void {
  const wc = walletConnectState(store)
  if (wc.status.peek() === 'connected') return
  if (keepPending && wc.status.peek() === 'pairing' && !isPairingExpired(wc.expiresAt.peek())) return
  const rt = runtimes.get(store)
  if (rt) clearTimeout(rt.refresh)
  resetWalletConnect(store)
}

// ---- sessions -----------------------------------------------------------------------------

/** Reconnect on load: the stored session comes back without a QR, or its namespaces are dropped. */
export async function restoreSession(store: Store, namespaces: readonly ChainNamespace[] = []): Promise<boolean> {
  try {
    const provider = await providerFor(store)
    const session = provider.session
    if (session && session.expiry * 1000 > Date.now()) {
      watchSiwx(store)
      store.drivers.set(WALLET_CONNECT_ID, createDriver(store, provider))
      const restored = applySession(store, session as SessionLike)
      if (restored.length) {
        walletConnectState(store).status.value = 'connected'
        afterSession(store, provider, restored)
        return true
      }
    }
  } catch (error) {
    console.error('[postern] could not restore the WalletConnect session', error)
  }
  sessionEnded(store, { remember: false })
  for (const namespace of namespaces) {
    if (accountFor(store, namespace).status !== 'connected') forgetConnection(store, namespace, { remember: false })
  }
  return false
}

/** The provider's default chains follow the state; balances and profiles are read. */
function afterSession(store: Store, provider: Provider, namespaces: readonly ChainNamespace[]): void {
  for (const namespace of namespaces) {
    const caip = accountFor(store, namespace).caipAddress
    const chain = caip?.split(':').slice(0, 2).join(':')
    const network = chain ? findNetwork(store.network.networks.peek(), chain) : undefined
    // With manualWCControl the provider is the site's: its default chain stays the site's choice.
    if (network && !store.options.manualWCControl) setDefaultChain(store, provider, network)
    if (readsBalance(store, namespace)) void refreshBalance(store, namespace, { force: true })
    void refreshProfile(store, namespace)
  }
}

const SessionEvent = v.looseObject({
  params: v.looseObject({ chainId: v.string(), event: v.looseObject({ name: v.string(), data: v.unknown() }) }),
})

function listen(store: Store, provider: Provider): void {
  provider.on('session_update', () => {
    if (!provider.session || !store.drivers.has(WALLET_CONNECT_ID)) return
    afterSession(store, provider, applySession(store, provider.session as SessionLike))
  })
  provider.on('session_event', (raw: unknown) => {
    const parsed = v.safeParse(SessionEvent, raw)
    if (parsed.success && store.drivers.has(WALLET_CONNECT_ID)) onSessionEvent(store, parsed.output.params)
  })
  provider.on('session_delete', () => sessionEnded(store))
  provider.client.on('session_expire', ({ topic }) => {
    if (!provider.session || provider.session.topic === topic) sessionEnded(store, { remember: false })
  })
}

/** accountsChanged and chainChanged from the wallet, for the namespace they name. */
function onSessionEvent(store: Store, params: v.InferOutput<typeof SessionEvent>['params']): void {
  const [namespace, reference] = params.chainId.split(':')
  if (!isNamespace(namespace)) return
  const account = accountFor(store, namespace)
  if (account.connectorId !== WALLET_CONNECT_ID || !account.address || !account.caipAddress) return
  const connector = {
    ...walletConnectConnector(store, namespace),
    name: account.connectedWalletInfo?.name ?? 'WalletConnect',
    imageUrl: account.connectedWalletInfo?.icon,
  }
  const currentChain = account.caipAddress.split(':')[1]!
  const { name, data } = params.event
  if (name === 'accountsChanged' && Array.isArray(data) && typeof data[0] === 'string') {
    const first = data[0]
    const address = first.split(':').pop()!
    if (address === account.address) return
    applyConnection(store, connector, address, currentChain)
  } else if (name === 'chainChanged') {
    const chainId = namespace === 'eip155' && (typeof data === 'number' || typeof data === 'string') ? String(Number(data)) : reference
    if (!chainId || chainId === 'NaN' || chainId === currentChain) return
    applyConnection(store, connector, account.address, chainId)
  } else {
    return
  }
  if (readsBalance(store, namespace)) void refreshBalance(store, namespace)
  void refreshProfile(store, namespace)
}

