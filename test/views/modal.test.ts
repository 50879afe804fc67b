import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'
import type { ChainAdapter } from '../../src/types'

const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter
const key = (target: EventTarget, key: string, shiftKey = false) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true, cancelable: true }))

const test = suite('modal')
test.before.each(resetDom)

test('default: opening mounts one w3m-modal with an accessible dialog', async () => {
  const kit = kitWith({ adapters: [adapter] })
  await kit.open()
  await kit.close()
  await kit.open()
  assert.is(document.querySelectorAll('w3m-modal').length, 1)
  const dialog = await waitFor(() => modalRoot().querySelector('[role=dialog]'), 'dialog')
  assert.is(dialog.getAttribute('aria-modal'), 'true')
  const title = modalRoot().getElementById(dialog.getAttribute('aria-labelledby')!)
  assert.is(title?.textContent, 'Connect Wallet')
  // The stylesheet is adopted (no <style> element, so no 'unsafe-inline' in a site's CSP).
  assert.is(modalRoot().querySelector('style'), null)
  assert.ok(modalRoot().adoptedStyleSheets.some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('360px'))))
})

test('behavior: Escape closes; the close button closes', async () => {
  const kit = kitWith({ adapters: [adapter] })
  await kit.open()
  await waitFor(() => modalRoot().querySelector('[role=dialog]'), 'dialog')
  key(document, 'Escape') // the modal listens on the document: focus may be anywhere
  assert.is(kit.getState().open, false)
  await waitFor(() => !modalRoot().querySelector('[role=dialog]'), 'dialog removed')
  await kit.open()
  const close = await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('button[aria-label=Close]'), 'close')
  close.click()
  assert.is(kit.getState().open, false)
})

test('behavior: focus moves in on open and Tab wraps inside the dialog', async () => {
  const kit = kitWith({ adapters: [adapter] })
  await kit.open({ view: 'Networks' })
  const dialog = await waitFor(() => modalRoot().querySelector<HTMLElement>('[role=dialog]'), 'dialog')
  await waitFor(() => dialog.querySelector('.item'), 'the Networks view (its own chunk)')
  const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('button')]
  await waitFor(() => modalRoot().activeElement, 'focus inside')
  assert.ok(dialog.contains(modalRoot().activeElement))
  buttons[buttons.length - 1]!.focus()
  key(buttons[buttons.length - 1]!, 'Tab')
  assert.is(modalRoot().activeElement, buttons[0])
  key(buttons[0]!, 'Tab', true)
  assert.is(modalRoot().activeElement, buttons[buttons.length - 1])
})

test('behavior: the Networks view lists networks and switching marks the new one', async () => {
  const kit = kitWith({ adapters: [adapter] })
  await kit.open({ view: 'Networks' })
  const polygonItem = await waitFor(() => [...modalRoot().querySelectorAll<HTMLButtonElement>('.item')].find((b) => b.textContent?.includes('Polygon')), 'polygon')
  polygonItem.click()
  await waitFor(() => kit.getChainId() === 137, 'switched')
  assert.is(kit.getState().selectedNetworkId, 'eip155:137')
})

test('behavior: Connect shows an empty state when no wallet is available', async () => {
  // WalletConnect is built in: only with it off can no way to connect be left
  const kit = kitWith({ adapters: [adapter], features: { allWallets: false }, enableWalletConnect: false })
  await kit.open()
  await waitFor(() => modalRoot().textContent?.includes('No wallets available'), 'empty state')
})

test('behavior: a missing project id shows the alert when the modal opens', async () => {
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => errors.push(args)
  try {
    const kit = kitWith({ projectId: undefined, adapters: [adapter] })
    await kit.open()
    await waitFor(() => modalRoot().textContent?.includes('Project ID Not Configured'), 'alert')
    assert.ok(errors.length > 0)
  } finally {
    console.error = original
  }
})

test('behavior: theme variables and mode reach the host', async () => {
  const kit = kitWith({ adapters: [adapter], themeMode: 'light', themeVariables: { '--w3m-z-index': 5000, '--w3m-accent': '#ff0000' } })
  await kit.open()
  const host = document.querySelector<HTMLElement>('w3m-modal')!
  await waitFor(() => host.dataset.theme === 'light', 'theme')
  assert.is(host.style.getPropertyValue('--w3m-z-index'), '5000')
  kit.setThemeMode('dark')
  await waitFor(() => host.dataset.theme === 'dark', 'dark')
})
test.run()
