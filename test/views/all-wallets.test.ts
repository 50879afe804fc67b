// The All Wallets view in happy-dom against the reference API server (no mocks). happy-dom's
// IntersectionObserver never reports, so paging here goes through the Load more fallback.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChainAdapter } from '../../src/types'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'
import { startProviderStack, type ProviderStack } from '../api/provider-stack'
import { watchdogMs } from '../watchdog.ts'

const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter
let stack: ProviderStack
const watchdog = setTimeout(() => {
  process.stderr.write('all-wallets.test.ts: timed out\n')
  process.exit(1)
}, watchdogMs(90_000))

const tiles = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('.aw-item')]
const input = () => modalRoot().querySelector<HTMLInputElement>('input[aria-label="Search wallet"]')
const button = (text: string) => [...modalRoot().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text)
function type(value: string) {
  const box = input()!
  box.value = value
  box.dispatchEvent(new Event('input', { bubbles: true }))
}

const test = suite('views/AllWallets')
test.before(async () => {
  stack = await startProviderStack()
})
test.before.each(resetDom)
test.after(async () => {
  await stack?.stop()
  clearTimeout(watchdog)
})

test('default: a labelled search box and a list of 40 wallets with names and icons', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: stack.url })
  await kit.open({ view: 'AllWallets' })
  await waitFor(() => tiles().length === 40, '40 wallets')
  assert.is(modalRoot().querySelector('h2')?.textContent, 'All Wallets')
  const list = modalRoot().querySelector('ul.aw-grid')!
  assert.is(list.getAttribute('aria-label'), 'All wallets')
  assert.is(list.querySelectorAll(':scope > li').length, 40)
  assert.is(tiles()[0]!.querySelector('.aw-name')?.textContent, 'MetaMask')
  // happy-dom loads no images: the preload gives up and the initials stay, hidden from readers.
  assert.is(tiles()[0]!.querySelector('.wimg')?.getAttribute('aria-hidden'), 'true')
  assert.is(input()?.getAttribute('role'), 'searchbox')
  assert.ok(modalRoot().querySelector('[role=search]'))
  await waitFor(() => modalRoot().activeElement === input(), 'focus in the search box')
})

test('behavior: Load more appends the next page without repeats', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: stack.url })
  await kit.open({ view: 'AllWallets' })
  await waitFor(() => tiles().length === 40, 'first page')
  button('Load more')!.click()
  await waitFor(() => tiles().length === 80, 'second page')
  button('Load more')!.click()
  await waitFor(() => tiles().length === 120, 'third page')
  const names = tiles().map((t) => t.textContent)
  assert.is(new Set(names).size, 120)
})

test('behavior: search shows matches, the empty state, and the clear button restores the list', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: stack.url })
  await kit.open({ view: 'AllWallets' })
  await waitFor(() => tiles().length === 40, 'first page')
  type('meta')
  await waitFor(() => modalRoot().querySelector('ul[aria-label="Search results"]') && tiles().some((t) => t.textContent?.includes('MetaMask')), 'MetaMask')
  assert.not.ok(button('Load more'), 'no paging while searching')
  type('zzqqxxnonsense')
  await waitFor(() => modalRoot().querySelector('.aw-scroll')?.textContent?.includes('No Wallet found'), 'empty state')
  assert.is(tiles().length, 0)
  modalRoot().querySelector<HTMLButtonElement>('button[aria-label="Clear search"]')!.click()
  await waitFor(() => tiles().length === 40, 'list back')
  assert.is(input()!.value, '')
  assert.is(modalRoot().activeElement, input())
})

test('behavior: choosing a wallet opens ConnectingWalletConnect with it', async () => {
  // WalletConnect off: the view opens without starting a real pairing (and its relay socket)
  const kit = kitWith({ adapters: [adapter], apiUrl: stack.url, enableWalletConnect: false })
  await kit.open({ view: 'AllWallets' })
  await waitFor(() => tiles().length === 40, 'first page')
  tiles()[1]!.click()
  const top = kit.store.modal.stack.value.at(-1)!
  assert.is(top.view, 'ConnectingWalletConnect')
  assert.is(top.data?.name, 'Trust Wallet')
  assert.is(kit.store.wallets.recent.value[0]?.name, 'Trust Wallet')
})

test('behavior: a failed load shows an error with Try again', async () => {
  const original = console.error
  console.error = () => {}
  try {
    const kit = kitWith({ adapters: [adapter], apiUrl: stack.url, projectId: 'unknown-project' })
    await kit.open({ view: 'AllWallets' })
    await waitFor(() => modalRoot().querySelector('p.error')?.textContent === 'Failed to load wallets', 'error state')
    const before = stack.hitsOf('/getWallets').length
    button('Try again')!.click()
    await waitFor(() => stack.hitsOf('/getWallets').length === before + 1, 'retried')
    await waitFor(() => modalRoot().querySelector('p.error'), 'still failing')
    assert.ok(modalRoot().textContent?.includes('Invalid App Configuration'))
  } finally {
    console.error = original
  }
})

test.run()
