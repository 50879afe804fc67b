// signals/modal-prepare.ts: a page that has not opened the modal by the time it is idle gets its
// host ready (shadow root, styles, no dialog) once the connection runtime has started, so a first
// open only renders the view; never where the site places the host itself, and a failed
// preparation leaves the first open to mount again.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, modalRoot, resetDom, tick, waitFor } from '../render'
import { prepareModalWhenIdle } from '../../src/signals/modal-prepare'
import type { ChainAdapter } from '../../src/types'

// The runtime's and the modal's first imports compile them (tsx): slow on a loaded machine.
const SLOW_FIRST_IMPORT = 20_000

const adapter = {
  namespace: 'eip155',
  setup(ctx: { setConnectors(list: unknown[]): void }) {
    ctx.setConnectors([])
  },
  async connect() {
    throw new Error('not in this test')
  },
  async switchNetwork() {},
  async disconnect() {},
  getProvider: () => undefined,
} as unknown as ChainAdapter

const host = () => document.querySelector('w3m-modal')

const prepare = suite('modal prepared when idle')
prepare.before.each(resetDom)

prepare('unopened, the Connect view is rendered hidden (visibility: hidden, no dialog role) and asks nothing; the open shows those same nodes', async () => {
  const asked: string[] = []
  const fetch = globalThis.fetch
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => (asked.push(String(input instanceof Request ? input.url : input)), fetch(input, init))) as typeof fetch
  try {
    const kit = kitWith({ adapters: [adapter], enableWalletConnect: false, features: { analytics: false } })
    const overlay = await waitFor(() => host()?.shadowRoot?.querySelector<HTMLElement>('.overlay'), 'the hidden view', SLOW_FIRST_IMPORT)
    const root = host()!.shadowRoot!
    const card = root.querySelector<HTMLElement>('.card')!
    assert.ok(overlay.classList.contains('hid'), 'hidden by its class (visibility: hidden)')
    assert.is(card.getAttribute('role'), null, 'no dialog for a screen reader or getByRole to find')
    assert.is(card.getAttribute('aria-modal'), null)
    assert.is(root.getElementById('w3m-title')?.textContent, 'Connect Wallet', 'the view a plain open() shows')
    const list = root.querySelector('ul.list')
    assert.ok(list, 'the wallet list rendered')
    await tick(300)
    assert.equal(asked.filter((url) => url.includes('getWallets')), [], 'the catalogue waits for the open')
    assert.is(kit.store.wallets.loading.value, false)

    await kit.open()
    await waitFor(() => card.getAttribute('role') === 'dialog', 'the dialog role once open')
    assert.ok(!overlay.classList.contains('hid'), 'shown')
    assert.is(root.querySelector('.overlay'), overlay, 'the same overlay, not a second render')
    assert.is(root.querySelector('ul.list'), list, 'the same list')
    assert.is(card.getAttribute('aria-modal'), 'true')
    assert.is(card.getAttribute('aria-labelledby'), 'w3m-title')
    await waitFor(() => asked.some((url) => url.includes('getWallets')), 'the catalogue asked for once shown')

    await kit.close()
    await waitFor(() => !root.querySelector('.overlay'), 'closed: nothing left hidden behind')
  } finally {
    globalThis.fetch = fetch
  }
})

prepare('unopened, the host is in the page once idle, with its styles and no dialog; the first open renders into it', async () => {
  const kit = kitWith({ adapters: [adapter], enableWalletConnect: false })
  const ready = await waitFor(() => host()?.shadowRoot?.querySelector('.root') && host(), 'the host ready', SLOW_FIRST_IMPORT)
  const root = ready.shadowRoot!
  assert.ok(root.adoptedStyleSheets?.length || root.querySelector('style'), 'its stylesheet in place')
  assert.is(root.querySelector('[role=dialog]'), null, 'nothing shown before an open')
  assert.is(kit.isOpen(), false)
  await kit.open()
  assert.is(document.querySelectorAll('w3m-modal').length, 1)
  assert.is(host(), ready, 'the same host')
  assert.ok(await waitFor(() => modalRoot().querySelector('[role=dialog]'), 'the dialog'))
})

prepare('a stack on another view: nothing is rendered hidden; an open() with a view shows that view', async () => {
  const kit = kitWith({ adapters: [adapter], enableWalletConnect: false, features: { analytics: false } })
  kit.store.modal.stack.value = [{ view: 'Networks' }]
  const ready = await waitFor(() => host()?.shadowRoot?.querySelector('.root') && host(), 'the host ready', SLOW_FIRST_IMPORT)
  await tick(50)
  assert.is(ready.shadowRoot!.querySelector('.overlay'), null, 'no other view rendered ahead')
  kit.store.modal.stack.value = [{ view: 'Connect' }]
  await waitFor(() => ready.shadowRoot!.querySelector('.overlay.hid'), 'Connect rendered hidden')
  await kit.open({ view: 'Networks' })
  await waitFor(() => ready.shadowRoot!.querySelector('[role=dialog]'), 'the dialog')
  assert.is(ready.shadowRoot!.getElementById('w3m-title')?.textContent, 'Choose Network')
  assert.is(ready.shadowRoot!.querySelector('.hid'), null)
})

prepare('opened with createAppKit: the open mounts it, the preparation adds nothing', async () => {
  const kit = kitWith({ adapters: [adapter], enableWalletConnect: false })
  await kit.open()
  const shown = kit.store.ui.shown
  prepareModalWhenIdle(kit.store)
  await tick(400)
  assert.is(kit.store.ui.shown, shown)
  assert.is(document.querySelectorAll('w3m-modal').length, 1)
  assert.is(modalRoot().querySelectorAll('.root').length, 1, 'one container')
  assert.is(modalRoot().querySelectorAll('[role=dialog]').length, 1)
})

prepare('disableAppend and enableEmbedded: nothing is prepared (the site places the host)', async () => {
  for (const options of [{ disableAppend: true }, { enableEmbedded: true }]) {
    resetDom()
    const kit = kitWith({ ...options, enableWalletConnect: false })
    prepareModalWhenIdle(kit.store)
    await tick(400)
    assert.is(kit.store.ui.shown, undefined, JSON.stringify(options))
    assert.is(host(), null, JSON.stringify(options))
  }
})

prepare('a preparation that fails is dropped: the first open mounts again', async () => {
  // No adapter: the runtime does not start, so only this test's preparation runs.
  const kit = kitWith({ enableWalletConnect: false })
  const mount = kit.store.ui.mount!
  let calls = 0
  kit.store.ui.mount = () => (calls++ === 0 ? (kit.store.ui.shown = Promise.reject(new Error('offline'))) : mount())
  prepareModalWhenIdle(kit.store)
  await waitFor(() => calls === 1, 'the idle preparation')
  await tick(0)
  assert.is(kit.store.ui.shown, undefined, 'the failed preparation is dropped')
  kit.store.ui.mount = mount
  await kit.open()
  assert.ok(await waitFor(() => modalRoot().querySelector('[role=dialog]'), 'the dialog after the failure', SLOW_FIRST_IMPORT))
})

prepare.run()
