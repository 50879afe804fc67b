import { useEffect, useRef, useState } from 'preact/hooks'
import type { ViewProps } from './view-props'
import type { Store } from '../signals/store'
import type { CatalogueWallet } from '../types'
import type { WalletLink } from '../signals/walletconnect'
import { closeModal, currentRoute } from '../signals/modal'
import { showToast } from '../signals/toast'
import { emitEvent } from '../signals/events'
import { storeLinks, walletConnectChunk, walletConnectState, walletLink, mobileLink as walletMobileLink, wcLink } from '../signals/walletconnect-pairing'
import { errorMessage } from '../utils/errors'
import { isMobile } from '../utils/platform'
import { WalletImage } from '../ui/WalletImage'
import { Spinner } from '../ui/Spinner'
import { t } from '../ui/base'

type QrCode = typeof import('../lazy/qr/index').QrCode

/** SPEC section 9: the relay's connect timeout; no pairing URI by then means the relay is unreachable. */
export const RELAY_CONNECT_TIMEOUT_MS = 15_000
/** SPEC section 8, the pairing errors' text for a relay that cannot be reached. */
export const NO_INTERNET = 'No internet connection detected. Please restart your network and try again.'

/**
 * Starts a pairing when the view opens and leaves it when the view goes (on mobile a pending
 * pairing stays, to be reused until it expires). Success closes the modal. Returns retry.
 */
export function usePairing(store: Store, wallet?: CatalogueWallet): () => void {
  const [attempt, setAttempt] = useState(0)
  const status = walletConnectState(store).status.value
  useEffect(() => {
    if (store.options.enableWalletConnect === false) return
    const mobile = isMobile()
    // AppKit's manualWCControl: the site's code pairs; a retry is the modal's own attempt.
    const manual = store.options.manualWCControl && attempt === 0
    const siteUri = currentRoute(store).data?.uri
    let live = true
    walletConnectChunk(store).then(
      (m) => {
        if (!live) return
        if (manual) void m.followSitePairing(store, typeof siteUri === 'string' ? siteUri : undefined)
        else void m.startPairing(store, { wallet, reuse: mobile })
      },
      (error) => {
        if (!live) return
        walletConnectState(store).status.value = 'error'
        walletConnectState(store).error.value = errorMessage(error)
      },
    )
    return () => {
      live = false
      walletConnectChunk(store).then((m) => m.cancelPairing(store, { keepPending: mobile }), () => undefined)
    }
  }, [wallet?.id, attempt])
  useEffect(() => {
    if (status === 'connected') closeModal(store)
  }, [status])
  return () => setAttempt((n) => n + 1)
}

function useQrCode(): QrCode | undefined {
  const [component, setComponent] = useState<{ QrCode: QrCode }>()
  useEffect(() => {
    let live = true
    import('../lazy/qr/index').then((m) => live && setComponent({ QrCode: m.QrCode }), () => undefined)
    return () => {
      live = false
    }
  }, [])
  return component?.QrCode
}

/** Opens a checked wallet link and remembers it as this pairing's link. */
function follow(store: Store, name: string, link: { href: string; redirect: string }, target: '_self' | '_blank'): void {
  const linking: WalletLink = { name, href: link.href }
  walletConnectState(store).linking.value = linking
  if (target === '_blank') window.open(link.redirect, '_blank', 'noopener,noreferrer')
  else location.assign(link.redirect)
}

/** AppKit's onConnectMobile: a deep link that cannot be opened is CONNECT_PROXY_ERROR, with the wallet and the URI. */
function openMobile(store: Store, name: string, wallet: CatalogueWallet, link: { href: string; redirect: string }, uri: string): void {
  try {
    follow(store, name, link, '_self')
  } catch (error) {
    proxyError(store, wallet, uri, error)
  }
}

const proxyError = (store: Store, wallet: CatalogueWallet, uri: string, error?: unknown) =>
  emitEvent(store, 'CONNECT_PROXY_ERROR', { message: error instanceof Error ? error.message : 'Error parsing the deep link', uri, mobile_link: wallet.mobile_link, name: wallet.name })

export interface PairingPanelProps {
  store: Store
  wallet?: CatalogueWallet
  retry: () => void
}

/**
 * The pairing in progress: on desktop a QR code (the wallet's icon in its middle) with a copy
 * button and the wallet's desktop and web app links; on mobile the wallet's deep link. The
 * retry states offer a new attempt; store links are shown for a wallet that is not installed.
 */
export function PairingPanel({ store, wallet, retry }: PairingPanelProps) {
  if (store.options.enableWalletConnect === false) {
    return <p class="center muted" role="status">{t('WalletConnect is turned off on this site.')}</p>
  }
  return <Pairing store={store} wallet={wallet} retry={retry} />
}

function Pairing({ store, wallet, retry }: PairingPanelProps) {
  const wc = walletConnectState(store)
  const status = wc.status.value
  const uri = wc.uri.value
  const mobile = isMobile()
  const Qr = useQrCode()
  const name = wallet?.name ?? 'your wallet'
  const mobileLink = uri && wallet ? walletMobileLink(wallet, uri, store.options.experimental_preferUniversalLinks) : undefined
  const anyWallet = uri && !wallet ? wcLink(uri) : undefined
  const desktopLink = uri && wallet && !mobile ? walletLink(wallet.desktop_link, uri) : undefined
  const webLink = uri && wallet ? walletLink(wallet.webapp_link, uri) : undefined
  const stores = storeLinks(wallet)
  // The URI comes once the relay answers: until then, past its connect timeout, say it is unreachable
  // (the client keeps trying, and the QR replaces the message when the relay is back).
  const [offline, setOffline] = useState(false)
  useEffect(() => {
    setOffline(false)
    if (uri) return
    const timer = setTimeout(() => setOffline(true), RELAY_CONNECT_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [uri])

  // AppKit's SELECT_WALLET as its WalletConnect views send it: the QR code or the mobile link shown, then each app link followed.
  const select = (platform: 'qrcode' | 'mobile' | 'desktop' | 'browser') =>
    emitEvent(store, 'SELECT_WALLET', { name: wallet?.name ?? 'WalletConnect', platform, displayIndex: undefined, walletRank: undefined, view: store.modal.stack.peek().at(-1)?.view })
  useEffect(() => select(mobile ? 'mobile' : 'qrcode'), [wallet?.id])

  // On mobile the wallet opens by itself once a URI is ready (once per URI).
  const opened = useRef<string>()
  useEffect(() => {
    if (!mobile || !uri || opened.current === uri) return
    opened.current = uri
    if (mobileLink) openMobile(store, name, wallet!, mobileLink, uri)
    // The wallet's deep link did not pass the checks (walletLink): AppKit reports the link it could not build.
    else if (wallet?.mobile_link) proxyError(store, wallet, uri)
  }, [uri])

  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      showToast(store, 'success', t('Link copied'))
    } catch {
      showToast(store, 'error', t('Failed to copy'))
    }
  }

  const retrying = status === 'rejected' || status === 'expired' || status === 'error'
  const headline =
    status === 'rejected' ? t('Connection declined')
    : status === 'expired' ? t(wc.error.value ?? 'Proposal expired')
    : status === 'error' ? t('Connection failed')
    : !uri ? (offline ? t(NO_INTERNET) : t('Preparing the connection…'))
    : mobile ? t('Continue in {name}', { name })
    : t('Scan this QR code with your phone')
  const detail =
    status === 'rejected' ? t('Connection can be declined if a previous request is still active')
    : status === 'error' ? wc.error.value && t(wc.error.value)
    : status === 'expired' ? t('Please try again.')
    : uri && mobile ? t('Accept connection request in the wallet')
    : uri && wallet ? t('Open {name} on your phone and scan the code', { name: wallet.name })
    : undefined

  return (
    <div class="center" data-wc-status={status}>
      {!mobile && !retrying && (
        <div class="qr-frame" data-wc-uri={uri ?? ''} style={{ width: 280, height: 280, display: 'grid', placeItems: 'center' }}>
          {uri && Qr ? <Qr uri={uri} label={wallet ? t('QR code to connect {name} with WalletConnect', { name: wallet.name }) : t('QR code to connect a wallet with WalletConnect')} imageUrl={wallet?.image_url} /> : <Spinner label={t('Preparing the QR code')} />}
        </div>
      )}
      {(mobile || retrying) && <WalletImage src={wallet?.image_url} name={wallet?.name ?? 'WalletConnect'} size={80} />}
      <p role="status" aria-live="polite" class={retrying || (offline && !uri) ? 'error' : undefined}>{headline}</p>
      {detail && <p class="muted">{detail}</p>}
      {retrying && <button type="button" class="btn" onClick={retry}>{t('Try again')}</button>}
      {!retrying && mobile && (mobileLink || anyWallet) && (
        <button type="button" class="btn wide" onClick={() => (mobileLink ? openMobile(store, name, wallet!, mobileLink, uri!) : location.assign(anyWallet!))}>
          {wallet ? t('Open {name}', { name: wallet.name }) : t('Open a wallet')}
        </button>
      )}
      {!retrying && desktopLink && (
        <button type="button" class="btn secondary wide" onClick={() => (select('desktop'), follow(store, name, desktopLink, '_self'))}>{t('Open the desktop app')}</button>
      )}
      {!retrying && webLink && (
        <button type="button" class="btn secondary wide" onClick={() => (select('browser'), follow(store, name, webLink, '_blank'))}>{t('Open the web app')}</button>
      )}
      {!retrying && (
        <button type="button" class="btn secondary wide" disabled={!uri} onClick={copy} data-wc-copy={uri ?? ''}>{t('Copy link')}</button>
      )}
      {stores.length > 0 && (
        <div class="stack" style={{ width: '100%' }}>
          <p class="muted">{t("Don't have {name}?", { name: wallet!.name })}</p>
          {stores.map((s) => (
            <a key={s.href} class="btn secondary" href={s.href} target="_blank" rel="noopener noreferrer"
              onClick={() => emitEvent(store, 'GET_WALLET', { name: wallet!.name, walletRank: undefined, explorerId: wallet!.id, type: s.type })}>
              {t('Get it on {store}', { store: s.label })}
            </a>
          ))}
        </div>
      )}
    </div>
  )
}

/** A catalogue wallet without an installed connector, connected through WalletConnect. */
export function ConnectingWalletConnect({ store, route }: ViewProps) {
  const wallet = walletOf(store, route.data)
  const retry = usePairing(store, wallet)
  return <PairingPanel store={store} wallet={wallet} retry={retry} />
}

function walletOf(store: Store, data: Record<string, unknown> | undefined): CatalogueWallet | undefined {
  const given = data?.wallet as CatalogueWallet | undefined
  if (given && typeof given.id === 'string' && typeof given.name === 'string') return given
  const id = data?.walletId
  const w = store.wallets
  return [...w.recent.peek(), ...w.featured.peek(), ...w.recommended.peek(), ...w.all.peek(), ...w.results.peek()].find((x) => x.id === id)
}
