// Every product measured, where its page lives under the cache folder, and the DOM criterion for
// its connect view being visible (evaluated in the page by page-script.mjs: deep() walks open
// shadow roots, vis() has a box, ownText() is an element's own text).

// Postern renders into <w3m-modal>'s open shadow root: the dialog, its title and the view's own
// content laid out. With an adapter it opens on the wallet list ('Connect Wallet', .item buttons);
// with none, on the WalletConnect view (its pairing panel, shown before any relay answer).
// `host`: the element whose open shadow root holds the dialog.
const dialogView = (host) => `(() => { const h = document.querySelector('${host}'); const r = h && h.shadowRoot; if (!r) return false;
  const d = r.querySelector('[role=dialog]'); const t = r.getElementById('w3m-title');
  if (!d || !vis(d) || !t || !vis(t)) return false;
  const title = ownText(t);
  if (title === 'WalletConnect') return [...d.querySelectorAll('[data-wc-status]')].some(vis);
  return title === 'Connect Wallet' && [...d.querySelectorAll('ul.list .item')].some(vis); })()`
export const POSTERN_VIEW = dialogView('w3m-modal')

// The floor's tap page (install.mjs, BLANK_TAP_PAGE): its pre-rendered dialog shown, found by
// Postern's own check (the same lookups and visibility checks), in the floor's own host element.
export const FLOOR_TAP_VIEW = dialogView('pb-floor')

// On a phone, AppKit without adapter opens on its All Wallets view instead.
export const APPKIT_VIEW = `deep().some(e => (e.localName === 'w3m-connect-view' || e.localName === 'w3m-connecting-wc-basic-view' || e.localName === 'w3m-all-wallets-view') && vis(e))`

// The blank page's one element, visible.
export const FLOOR_VIEW = `(() => { const e = document.getElementById('floor'); return !!e && vis(e); })()`

export const VARIANTS = {
  // The floor: a page with one static element and no script. What a modal costs is measured above it.
  // Its tap (the phone profile) is on a page of its own, tap.html: a connect button that shows a
  // plain dialog rendered ahead, hidden (install.mjs, BLANK_TAP_PAGE).
  blank: { dir: 'blank', view: FLOOR_VIEW, floor: true, tap: { page: 'tap.html', view: FLOOR_TAP_VIEW } },
  postern: { dir: 'postern', view: POSTERN_VIEW, postern: true, label: 'Postern ESM' },
  'postern-cdn': { dir: 'postern', view: POSTERN_VIEW, postern: true, label: 'Postern CDN script' },
  // Opt-in: the CDN page with a modulepreload of the modal's chunk (bench/peers/postern.mjs).
  'postern-cdn-preload': { dir: 'postern', view: POSTERN_VIEW, postern: true, optIn: true, label: 'Postern CDN script + modulepreload' },
  // Opt-in: an earlier build staged by hand beside the cache's postern/ (postern-base/dist-postern-base and
  // dist-postern-cdn-base, copies of postern/dist-postern and dist-postern-cdn) for before/after runs interleaved.
  'postern-base': { dir: 'postern-base', view: POSTERN_VIEW, postern: true, optIn: true, label: 'Postern ESM, earlier build' },
  'postern-cdn-base': { dir: 'postern-base', view: POSTERN_VIEW, postern: true, optIn: true, label: 'Postern CDN script, earlier build' },
  // Opt-in (name it on the command line): no adapter, so it opens on WalletConnect, like appkit-noadapter.
  'postern-wc': { dir: 'postern', view: POSTERN_VIEW, postern: true, optIn: true, label: 'Postern ESM, no adapter' },
  onboard: { dir: 'onboard', view: `deep().some(e => vis(e) && ownText(e) === 'Connect your wallet')`, label: 'Web3-Onboard 2.24.1' },
  rainbowkit: { dir: 'rainbowkit', view: `(() => { const e = document.getElementById('rk_connect_title'); return !!e && vis(e) && ownText(e) === 'Connect a Wallet'; })()`, label: 'RainbowKit 2.2.11' },
  connectkit: { dir: 'connectkit', view: `(() => { const r = document.getElementById('__CONNECTKIT__'); return !!r && [...r.querySelectorAll('[role=dialog] *')].some(e => vis(e) && ownText(e) === 'Connect Wallet'); })()`, label: 'ConnectKit 1.9.2' },
  'appkit-wagmi-vanilla': { dir: 'appkit-wagmi', view: APPKIT_VIEW, label: 'AppKit 1.8.24 + wagmi' },
  'appkit-wagmi-react': { dir: 'appkit-wagmi', view: APPKIT_VIEW, label: 'AppKit 1.8.24 + wagmi, React' },
  'appkit-noadapter': { dir: 'appkit-noadapter', view: APPKIT_VIEW, label: 'AppKit 1.8.24, no adapter' },
}

/** Where a variant's tap is measured: its page (relative to the variant's folder) and its view criterion. */
export const tapPage = (variant) => ({ page: variant.tap?.page ?? '', view: variant.tap?.view ?? variant.view })
