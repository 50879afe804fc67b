import { Fragment, type FunctionComponent } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ViewProps } from './view-props'
import type { ChainNamespace, Connector } from '../types'
import type { ConnectEntry } from '../signals/groups'
import type { ConnectorGroup } from '../signals/connection'
import type { Store } from '../signals/store'
import { groupConnectors } from '../signals/groups'
import { pushView } from '../signals/modal'
import { ListItem, Spinner, t } from '../ui/base'
import { late } from './late-css'
import { isNamespace } from '../utils/caip'
import { isMobile } from '../utils/platform'

const GROUP_LABEL: Partial<Record<ConnectorGroup, () => string>> = { recent: () => t('Recent'), injected: () => t('Installed'), recommended: () => t('Popular') }
const TAGS: Partial<Record<ConnectorGroup, () => { label: string; tone?: 'ok' | 'acc' }>> = {
  walletConnect: () => ({ label: t('QR CODE'), tone: 'acc' }),
  recent: () => ({ label: t('RECENT') }),
  injected: () => ({ label: t('INSTALLED'), tone: 'ok' }),
}

/**
 * A wallet installed for several namespaces (same name) is listed once, as MULTI_CHAIN with all
 * of them in `chains`; it stands for its connector in `namespace`, else its first.
 */
export function mergeMultiChain(connectors: readonly Connector[], namespace: ChainNamespace): Connector[] {
  const groups = new Map<string, Connector[]>()
  for (const c of connectors) {
    const key = c.type === 'WALLET_CONNECT' ? c.uid : c.name.toLowerCase()
    groups.set(key, [...(groups.get(key) ?? []), c])
  }
  return [...groups.values()].map((g) => {
    const chosen = g.find((c) => c.chain === namespace) ?? g[0]!
    return g.length < 2 ? chosen : { ...chosen, type: 'MULTI_CHAIN', chains: [...new Set(g.map((c) => c.chain))] }
  })
}

/** features.legalCheckbox gates the wallets when there is something to agree to (decided here, before Legal's chunk arrives). */
const hasLegal = ({ options }: Store) => !!(options.termsConditionsUrl || options.privacyPolicyUrl)
const legalRequired = (store: Store) => store.options.features.legalCheckbox && hasLegal(store)

/**
 * A part of Connect in its own chunk, fetched only by sites that use it (the legal line or
 * checkbox, the e-mail field); `fail` shows if the chunk cannot be fetched.
 */
function Part({ load, fail, store }: { load: () => Promise<FunctionComponent<{ store: Store }>>; fail?: FunctionComponent; store: Store }) {
  const [View, setView] = useState<FunctionComponent<{ store: Store }>>()
  useEffect(() => void Promise.all([load(), late.css]).then(([v]) => setView(() => v), () => fail && setView(() => fail)), [])
  return View ? <View store={store} /> : null
}

const legal = (store: Store, part: 'LegalFooter' | 'LegalCheckbox') =>
  hasLegal(store) && <Part store={store} load={() => import('./Legal').then((m) => m[part])} />

/**
 * Every way to connect, grouped in the spec's order (walletConnect first, recommended last).
 * Route data `namespace` (from the Networks view) lists only wallets installed for it.
 */
export function Connect({ store, route }: ViewProps) {
  const { options } = store
  const only = isNamespace(route.data?.namespace) ? route.data.namespace : undefined
  const entries = groupConnectors({
    connectors: mergeMultiChain(store.connection.connectors.value, only ?? store.network.activeNamespace.value)
      .filter((c) => c.type !== 'AUTH' && (!only || c.type === 'WALLET_CONNECT' || (c.chains ?? [c.chain]).includes(only))),
    recent: store.wallets.recent.value,
    featured: store.wallets.featured.value,
    custom: options.customWallets ?? [],
    recommended: store.wallets.recommended.value,
    excluded: options.excludeWalletIds ?? [],
    order: options.features.connectorTypeOrder,
  })
  const loading = store.wallets.loading.value
  const { features, allWallets } = options
  const showAll = features.allWallets && allWallets !== 'HIDE' && (allWallets !== 'ONLY_MOBILE' || isMobile())
  // Rendered hidden ahead of a first open (Modal.tsx): nothing leaves the page until it is shown.
  const shown = store.modal.open.value || options.enableEmbedded
  // collapseWallets: one "Continue with a wallet" entry stands for the list while another method (email, socials) is on.
  // E-mail login needs a secure site: Postern has no hosted one (the default is Reown's), so the site names its own.
  const email = features.email && !options.secureSiteUrl.includes('.walletconnect.') && !route.data?.wallets
  const field = email && shown && (
    <Part store={store} load={() => import('../lazy/email/index').then((m) => m.EmailField)} fail={() => <p class="error" role="alert">{t('Unable to load email login dependency')}</p>} />
  )
  // enableWallets: false shows only the other methods (e-mail, socials): no wallet list, no All Wallets, nothing to continue with.
  const wallets = options.enableWallets !== false
  const collapsed = (features.collapseWallets || (email && !features.emailShowWallets)) && (features.email || !!features.socials) && !route.data?.wallets
  const gated = legalRequired(store) && !store.modal.legalAccepted.value

  // AppKit's wallet impressions: each entry shown, once while the view is up (their code is not
  // needed for the first paint; they are sent batched half a second later anyway).
  const seen = useRef(new Set<string>()).current
  useEffect(() => {
    if (!shown || collapsed || !wallets) return
    import('../signals/impressions').then(({ unseen, walletImpressions }) => walletImpressions(store, unseen(seen, entries, (e) => e.key).map(([e, displayIndex]) => ({
      name: e.name, walletRank: undefined, explorerId: e.wallet?.id ?? e.connector?.explorerId, rdnsId: e.connector?.info?.rdns, view: 'Connect', displayIndex,
    }))), () => undefined)
  })

  // The catalogue (code and data) is fetched when Connect first opens, never at page load; after
  // the adapters' runtime, so the installed wallets' code is not queued behind it (installed first).
  useEffect(() => {
    if (!shown) return
    store.wallets.loading.value = true
    Promise.resolve(store.ui.start?.()).catch(() => undefined)
      .then(() => import('../signals/catalogue'))
      .then((m) => m.loadCatalogue(store), () => (store.wallets.loading.value = false))
  }, [shown])

  const choose = (entry: ConnectEntry) => {
    const wallet = entry.wallet
    if (wallet) {
      // A catalogue wallet: on mobile maybe its in-app browser; else its installed connector if
      // there is one, else WalletConnect; now recent.
      import('./choose-listed-wallet').then(
        (m) => m.chooseListedWallet(store, wallet),
        () => pushView(store, 'ConnectingWalletConnect', { walletId: wallet.id, name: wallet.name, wallet }),
      )
    } else if (entry.connector && entry.connector.type !== 'WALLET_CONNECT') {
      // The wallet is asked on the click, not once the connecting view's code has arrived: the view takes this request over.
      const uid = entry.connector.uid
      const pending = import('../signals/runtime').then((m) => m.connectWallet(store, store.connection.connectors.peek().find((c) => c.uid === uid)!))
      pending.catch(() => undefined)
      pushView(store, 'ConnectingExternal', { connectorUid: uid, name: entry.name, pending })
    } else {
      pushView(store, 'ConnectingWalletConnectBasic')
    }
  }

  if (wallets && entries.length === 0 && loading) {
    return <div class="center"><Spinner label={t('Loading wallets')} /><p class="muted">{t('Loading wallets…')}</p></div>
  }
  if (collapsed || !wallets) {
    return (
      <div class="stack">
        {field}
        {wallets && <ul class="list"><ListItem name={t('Continue with a wallet')} onClick={() => pushView(store, 'Connect', { ...route.data, wallets: true })} /></ul>}
        {legal(store, 'LegalFooter')}
      </div>
    )
  }
  return (
    <div class="stack">
      {legalRequired(store) && legal(store, 'LegalCheckbox')}
      {field}
      {entries.length === 0 && (
        <div class="center">
          <p>{t('No wallets available')}</p>
          <p class="muted">{t('Install a browser wallet, or choose one from all wallets.')}</p>
        </div>
      )}
      <ul class="list" aria-label={t('Wallets')} aria-disabled={gated ? 'true' : undefined} inert={gated}>
        {entries.map((entry, i) => (
          <Fragment key={entry.key}>
            {GROUP_LABEL[entry.group] && entries[i - 1]?.group !== entry.group && (
              <li class="group" aria-hidden="true">{GROUP_LABEL[entry.group]!()}</li>
            )}
            <ListItem name={entry.name} imageUrl={entry.imageUrl} tag={TAGS[entry.group]?.()} onClick={() => choose(entry)} />
          </Fragment>
        ))}
        {showAll && (
          <ListItem key="all-wallets" name={t('All Wallets')} onClick={() => pushView(store, 'AllWallets')} tag={loading ? { label: '…' } : undefined} />
        )}
      </ul>
      {legal(store, 'LegalFooter')}
    </div>
  )
}
