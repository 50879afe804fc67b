import { useEffect, useRef, useState } from 'preact/hooks'
import type { ViewProps } from './view-props'
import type { Store } from '../signals/store'
import type { CatalogueWallet } from '../types'
import {
  checkProjectConfig,
  chooseCatalogueWallet,
  hasMorePages,
  imageLoaded,
  loadNextPage,
  loadRecent,
  preloadImage,
  searchWallets,
} from '../signals/catalogue'
import { unseen, walletImpressions } from '../signals/impressions'
import { WalletImage } from '../ui/WalletImage'
import { useStyles } from '../ui/sheet'
import { isMobile } from '../utils/platform'
import { t } from '../ui/base'
import { plural } from '../ui/format'

const CSS = `
.aw-search{position:relative;display:flex;align-items:center;margin:0 0 12px}
.aw-search input{flex:1;min-width:0;height:40px;padding:0 40px 0 12px;border:1px solid var(--bg3);border-radius:calc(var(--r)*4);
background:var(--bg2);color:var(--fg);font:inherit;font-size:calc(var(--fs)*1.5)}
.aw-search input:focus-visible{outline:2px solid var(--acc);outline-offset:0}
.aw-search .icon-btn{position:absolute;right:2px}
.aw-scroll{max-height:min(440px,60vh);overflow-y:auto;padding:2px}
.aw-grid{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:8px;margin:0;padding:0;list-style:none}
.aw-item{display:flex;flex-direction:column;align-items:center;gap:6px;width:100%;padding:10px 4px 8px;border:0;
border-radius:calc(var(--r)*4);background:var(--bg2);cursor:pointer;font-size:calc(var(--fs)*1.2)}
.aw-item:hover{background:var(--bg3)}
.aw-name{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.aw-skel{height:86px;border-radius:calc(var(--r)*4);background:var(--bg2);animation:aw-pulse 1.2s ease-in-out infinite}
.aw-more{display:flex;justify-content:center;padding:12px 0 4px}
@keyframes aw-pulse{50%{opacity:.45}}
`

/** The whole catalogue: search, a grid paged by infinite scroll (with a Load more button for keyboards). */
export function AllWallets({ store }: ViewProps) {
  const styled = useStyles(CSS)
  const w = store.wallets
  const [text, setText] = useState(() => w.query.peek())
  const input = useRef<HTMLInputElement>(null)
  const view = useRef<HTMLDivElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)

  const query = w.query.value
  const searching = !!query
  const list = searching ? w.results.value : w.all.value
  const pending = searching ? w.searching.value : w.pageLoading.value
  const error = searching ? w.searchError.value : w.error.value
  const more = !searching && !error && hasMorePages(store)

  // AppKit's wallet impressions: each wallet shown (per search), once while the view is up.
  const seen = useRef(new Set<string>()).current
  useEffect(() => {
    if (pending) return
    walletImpressions(store, unseen(seen, list, (wallet) => `${query}:${wallet.id}`).map(([wallet, displayIndex]) => ({
      name: wallet.name, walletRank: undefined, explorerId: wallet.id, view: 'AllWallets', displayIndex, query: query || undefined, certified: undefined,
    })))
  })

  useEffect(() => {
    // This view arrives in its own chunk, after the modal focused the view's spot: take focus
    // into the search box unless it is already inside (not on touch devices: no surprise keyboard).
    const root = input.current?.getRootNode() as Document | ShadowRoot | undefined
    const active = root?.activeElement
    if (!isMobile() && (!active || !view.current?.contains(active))) input.current?.focus()
    loadRecent(store)
    void checkProjectConfig(store)
    if (w.page.peek() === 0) void loadNextPage(store)
  }, [])

  // Re-observed after each page: observe() reports at once if the sentinel is still in view.
  useEffect(() => {
    const target = sentinel.current
    if (!more || !target || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && void loadNextPage(store),
      { root: scroller.current, rootMargin: '0px 0px 240px 0px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [more, list.length])

  const onInput = (value: string) => {
    setText(value)
    void searchWallets(store, value)
  }
  const retry = () => (searching ? void searchWallets(store, query) : void loadNextPage(store))

  let status = ''
  if (pending) status = searching ? t('Searching wallets') : t('Loading wallets')
  else if (searching) status = list.length ? plural(list.length, '{count} wallet found', '{count} wallets found') : t('No Wallet found')

  return (
    <div ref={view}>
      <div class="aw-search" role="search" ref={styled}>
        <input
          ref={input}
          type="text"
          role="searchbox"
          aria-label={t('Search wallet')}
          placeholder={t('Search wallet')}
          autoComplete="off"
          spellcheck={false}
          value={text}
          onInput={(event) => onInput((event.currentTarget as HTMLInputElement).value)}
        />
        {text && (
          <button type="button" class="icon-btn" aria-label={t('Clear search')} onClick={() => (onInput(''), input.current?.focus())}>×</button>
        )}
      </div>
      <p class="sr" role="status" aria-live="polite">{status}</p>
      <div class="aw-scroll" ref={scroller}>
        {searching && !pending && !error && list.length === 0 ? (
          <div class="center">
            <p>{t('No Wallet found')}</p>
            <p class="muted">{t('Try a different name.')}</p>
          </div>
        ) : (
          <ul class="aw-grid" aria-label={searching ? t('Search results') : t('All wallets')} aria-busy={pending ? 'true' : undefined}>
            {!(searching && pending) && list.map((wallet) => (
              <li key={wallet.id}>
                <button type="button" class="aw-item" onClick={() => chooseCatalogueWallet(store, wallet)}>
                  <CatalogueIcon store={store} wallet={wallet} />
                  <span class="aw-name">{wallet.name}</span>
                </button>
              </li>
            ))}
            {pending && Array.from({ length: list.length && !searching ? 4 : 12 }, (_, i) => <li key={`s${i}`} class="aw-skel" aria-hidden="true" />)}
          </ul>
        )}
        {error && !pending && (
          <div class="center">
            <p class="error" role="alert">{searching ? t('Search failed') : t('Failed to load wallets')}</p>
            <p class="muted">{t(error)}</p>
            <button type="button" class="btn" onClick={retry}>{t('Try again')}</button>
          </div>
        )}
        <div class="aw-more" ref={sentinel}>
          {more && list.length > 0 && (
            <button type="button" class="btn secondary wide" aria-disabled={pending ? 'true' : undefined} onClick={() => void loadNextPage(store)}>
              {t('Load more')}
            </button>
          )}
        </div>
      </div>
    </div>
  )
}

/** The wallet's icon once preloaded; until then, or if it gave up (2 s), its initials. */
function CatalogueIcon({ store, wallet }: { store: Store; wallet: CatalogueWallet }) {
  const url = wallet.image_url
  const [ready, setReady] = useState(() => !!url && imageLoaded(store, url) === true)
  useEffect(() => {
    if (!url || ready) return
    let live = true
    void preloadImage(store, url).then((ok) => live && setReady(ok))
    return () => {
      live = false
    }
  }, [url])
  return <WalletImage src={ready ? url : undefined} name={wallet.name} size={48} />
}
