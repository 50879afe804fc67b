import { signal } from '@preact/signals-core'
import * as v from 'valibot'
import type { Store, WalletConnectChunk } from './store'
import type { CatalogueWallet, ChainNamespace, Connector } from '../types'
import { WALLET_CONNECT_ID, type PairingStatus, type WalletConnectState, type WalletLink } from './walletconnect'
import { readStored } from '../utils/storage'
import { STORAGE_KEYS } from '../utils/storage-keys'
import { safeUrl } from '../utils/url'

// The WalletConnect slice's signals, pairing URIs and wallet links: for the WalletConnect views
// and chunk, kept out of walletconnect.ts, which the loader carries whole.

/** The WalletConnect chunk, fetched on first call (a store built without the wiring has none). */
export const walletConnectChunk = async (store: Store): Promise<WalletConnectChunk> => store.chunks.walletConnect!()

/** The instance's WalletConnect slice, created on first use so the loader carries none of it. */
export function walletConnectState(store: Store): WalletConnectState {
  return (store.walletConnect ??= {
    uri: signal<string | undefined>(undefined),
    expiresAt: signal<number | undefined>(undefined),
    status: signal<PairingStatus>('idle'),
    error: signal<string | undefined>(undefined),
    linking: signal<WalletLink | undefined>(undefined),
    recentWallet: signal<CatalogueWallet | undefined>(undefined),
    pendingRequest: signal<string | undefined>(undefined),
    attempt: { value: 0 },
  })
}

/** SPEC section 5: a pairing counts as expired when 10 s or less remain. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
/** SPEC section 9: the modal's pairing lifetime (the library's own is 5 minutes). */
export const PAIRING_LIFETIME_MS = 4 * 60_000

/**
 * The WalletConnect connector in a namespace. Lists show the one of the first configured
 * namespace (uid 'walletConnect', registered by adapters/walletconnect.ts); a live connection
 * has one per namespace of the session, as connections are keyed by uid.
 */
export function walletConnectConnector(store: Store, chain?: ChainNamespace): Connector {
  const first = store.options.networks[0]!.chainNamespace
  const namespace = chain ?? first
  const uid = namespace === first ? WALLET_CONNECT_ID : `${namespace}:${WALLET_CONNECT_ID}`
  return { id: WALLET_CONNECT_ID, uid, type: 'WALLET_CONNECT', name: 'WalletConnect', chain: namespace }
}

// ---- pairing URI --------------------------------------------------------------------------

const HEX64 = /^[0-9a-f]{64}$/

/** A WalletConnect v2 pairing URI with a symmetric key and a relay protocol, else undefined. */
export function parseWcUri(uri: unknown): { topic: string; expiresAt?: number } | undefined {
  if (typeof uri !== 'string' || !/^wc:[0-9a-f]{64}@2\?\S+$/.test(uri)) return undefined
  const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1))
  if (!HEX64.test(query.get('symKey') ?? '') || !query.get('relay-protocol')) return undefined
  const expiry = Number(query.get('expiryTimestamp'))
  return { topic: uri.slice(3, 67), expiresAt: Number.isFinite(expiry) && expiry > 0 ? expiry * 1000 : undefined }
}

export function isPairingExpired(expiresAt: number | undefined, now = Date.now()): boolean {
  return expiresAt === undefined || expiresAt - now <= PAIRING_EXPIRY_MARGIN_MS
}

// ---- wallet links -------------------------------------------------------------------------

/** Schemes that are never a wallet's own, whatever a catalogue entry says. */
const FORBIDDEN_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem', 'http', 'https', 'ftp', 'ws', 'wss', 'wc']

/** The custom scheme of a wallet's registered native link ('trust' for 'trust://'), if it is one. */
export function walletScheme(appUrl: string | null | undefined): string | undefined {
  const scheme = appUrl ? /^([a-z][a-z0-9+.-]*):/i.exec(appUrl)?.[1]?.toLowerCase() : undefined
  return scheme && !FORBIDDEN_SCHEMES.includes(scheme) ? scheme : undefined
}

/**
 * A wallet link that carries the pairing URI, built as AppKit builds it: universal links
 * (https) get `wc?uri=`, native schemes become `scheme://wc?uri=`; the URI is encoded once.
 * Checked: only https (http on loopback) or the wallet's own registered scheme come out.
 */
export function walletLink(appUrl: string | null | undefined, uri: string): { href: string; redirect: string } | undefined {
  if (!appUrl || !parseWcUri(uri)) return undefined
  let href: string
  if (/^https?:\/\//i.test(appUrl)) {
    href = appUrl
  } else {
    // 'rainbow:' or 'zerion' name a scheme alone; anything else without :// is not a link
    if (!appUrl.includes('://') && !/^[a-z][a-z0-9+.-]*:?$/i.test(appUrl)) return undefined
    href = appUrl.includes('://') ? appUrl : `${appUrl.replace(':', '')}://`
  }
  if (!href.endsWith('/')) href = `${href}/`
  const scheme = walletScheme(href)
  const allowed = scheme ? [scheme] : []
  const redirect = safeUrl(`${href}wc?uri=${encodeURIComponent(uri)}`, allowed)
  const base = safeUrl(href, allowed)
  return redirect && base ? { href: base, redirect } : undefined
}

/**
 * The link that opens a wallet on mobile. With experimental_preferUniversalLinks, a wallet whose
 * mobile link is a native scheme and that has a universal link (link_mode, https) is opened by
 * the universal link, as AppKit's onConnectMobile does; the native link stays the one stored to
 * bring the wallet forward later.
 */
export function mobileLink(wallet: CatalogueWallet, uri: string, preferUniversal?: boolean): { href: string; redirect: string } | undefined {
  const native = walletLink(wallet.mobile_link, uri)
  const universal = preferUniversal && native && walletScheme(native.href) && /^https?:\/\//i.test(wallet.link_mode ?? '')
    ? walletLink(wallet.link_mode, uri)
    : undefined
  return universal ? { href: native!.href, redirect: universal.redirect } : native
}

/** The bare pairing URI as a link any installed wallet may answer (wc: only). */
export function wcLink(uri: string): string | undefined {
  return parseWcUri(uri) ? safeUrl(uri, ['wc']) : undefined
}

/** Store links (https only) for a wallet that is not installed. */
export function storeLinks(wallet: CatalogueWallet | undefined): { label: string; href: string; type: StoreType }[] {
  if (!wallet) return []
  const links: [string, StoreType][] = [['App Store', 'app_store'], ['Google Play', 'play_store'], ['Chrome Web Store', 'chrome_store']]
  return links.flatMap(([label, type]) => {
    const url = wallet[type]
    const href = url && /^https:/i.test(url) ? safeUrl(url) : undefined
    return href ? [{ label, href, type }] : []
  })
}

/** The store a link leads to, by AppKit's GET_WALLET `type`. */
export type StoreType = 'app_store' | 'play_store' | 'chrome_store'

const StoredLink = v.object({ name: v.string(), href: v.string() })

/** The deep link stored by the last successful pairing (brings the wallet forward on mobile). */
export function storedDeepLink(): WalletLink | undefined {
  return readStored(STORAGE_KEYS.deepLink, StoredLink)
}
