// views/mount.tsx mountWhenIdle: a page that has not opened the modal by the time it is idle gets
// its host ready (shadow root, styles, an empty dialog) then, so a first open only renders the
// view; never where the site places the host itself, and a failed preparation leaves the first
// open to mount again.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, modalRoot, resetDom, tick, waitFor } from '../render'
import { mountWhenIdle } from '../../src/views/mount'

const test = suite('modal ready when idle')
test.before.each(resetDom)

test('unopened, the host is in the page once idle, with its styles and no dialog; the first open renders into it', async () => {
  const kit = kitWith({ enableWalletConnect: false })
  const host = await waitFor(() => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('.root') && document.querySelector('w3m-modal'), 'the host ready', 10_000)
  const root = host.shadowRoot!
  assert.ok(root.adoptedStyleSheets?.length || root.querySelector('style'), 'its stylesheet in place')
  assert.is(modalRoot().querySelector('[role=dialog]'), null, 'nothing shown before an open')
  await kit.open()
  assert.is(document.querySelectorAll('w3m-modal').length, 1)
  assert.is(document.querySelector('w3m-modal'), host, 'the same host')
  assert.ok(await waitFor(() => modalRoot().querySelector('[role=dialog]'), 'the dialog'))
})

test('disableAppend and enableEmbedded: nothing is prepared (the site places the host)', async () => {
  for (const options of [{ disableAppend: true }, { enableEmbedded: true }]) {
    resetDom()
    const kit = kitWith({ ...options, enableWalletConnect: false })
    mountWhenIdle(kit.store)
    await tick(400)
    assert.is(kit.store.ui.shown, undefined, JSON.stringify(options))
    assert.is(document.querySelector('w3m-modal'), null, JSON.stringify(options))
  }
})

test('a preparation that fails is forgotten: the first open mounts again', async () => {
  const kit = kitWith({ enableWalletConnect: false })
  // Let createAppKit's own preparation run first, then start over from a failing one.
  await waitFor(() => kit.store.ui.shown, 'the first preparation', 10_000)
  await kit.store.ui.shown
  resetDom()
  kit.store.ui.shown = undefined
  const mount = kit.store.ui.mount!
  let calls = 0
  kit.store.ui.mount = () => (calls++ === 0 ? (kit.store.ui.shown = Promise.reject(new Error('offline'))) : mount())
  mountWhenIdle(kit.store)
  await waitFor(() => calls === 1, 'the idle preparation', 5000)
  await tick(0)
  assert.is(kit.store.ui.shown, undefined, 'the failed preparation is dropped')
  kit.store.ui.mount = mount
  await kit.open()
  assert.ok(await waitFor(() => modalRoot().querySelector('[role=dialog]'), 'the dialog after the failure'))
})

test.run()
