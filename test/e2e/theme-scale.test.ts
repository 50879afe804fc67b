// --w3m-color-mix-strength and --w3m-font-size-master (and their --apkt-* forms) change the
// modal's computed colours and text sizes in Chromium, light and dark; unset, nothing changes
// (the plain colours keep their rgb() form, so contrast checks read them as before). The lazy
// views' own sheets (here the onramp view's, from its chunk) follow the master size too.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'

const test = suite('e2e: color-mix-strength and font-size-master')
let e2e: E2E

const page = (name: string, vars: Record<string, string | number>, mode: 'light' | 'dark') =>
  e2e.stack.web.setPage(`/t/${name}.html`, `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script src="/dist/cdn/postern.js"></script></head><body><appkit-button></appkit-button>
<script>window.modal = Postern.createAppKit({ projectId: 'test', apiUrl: '${e2e.stack.api.url}', blockchainApiUrl: '${e2e.stack.config.blockchainApiUrl}', networks: [Postern.networks.mainnet], themeMode: '${mode}', themeVariables: ${JSON.stringify(vars)} })</script></body></html>`)

test.before(async () => {
  e2e = await startE2E()
  page('plain-dark', {}, 'dark')
  page('plain-light', {}, 'light')
  page('mixed-dark', { '--w3m-color-mix': '#ff0000', '--w3m-color-mix-strength': 40, '--w3m-font-size-master': '12px' }, 'dark')
  page('mixed-light', { '--w3m-color-mix': '#0000ff', '--w3m-color-mix-strength': 10, '--apkt-color-mix-strength': 30, '--apkt-font-size-master': '8px' }, 'light')
})
test.after(async () => {
  await e2e?.stop()
})

async function opened(p: Page, name: string) {
  await p.goto(`${e2e.stack.web.url}/t/${name}.html`)
  await p.locator('appkit-button button').click()
  await dialog(p).waitFor()
  // These rules are in the late sheet, adopted just after the first render.
  await p.waitForFunction(() => document.querySelector('w3m-modal')!.shadowRoot!.adoptedStyleSheets.length > 1)
  return p.evaluate(() => {
    const root = document.querySelector('w3m-modal')!.shadowRoot!
    const [card, h2] = [getComputedStyle(root.querySelector('.card')!), getComputedStyle(root.querySelector('h2')!)]
    return { card: card.backgroundColor, text: card.color, h2: h2.fontSize }
  })
}
/** What Chromium computes for a colour expression, to compare like with like. */
const computed = (p: Page, color: string) => p.evaluate((c) => {
  const el = document.body.appendChild(document.createElement('i'))
  el.style.color = c
  const out = getComputedStyle(el).color
  el.remove()
  return out
}, color)

test('behavior: unset, the modal keeps its own colours and 16px headings', async () => {
  const { page: p } = await e2e.newPage()
  assert.equal(await opened(p, 'plain-dark'), { card: 'rgb(20, 20, 20)', text: await computed(p, '#e4e7e7'), h2: '16px' })
})

test('behavior: strength mixes --w3m-color-mix into surfaces and text; the master size scales text (dark)', async () => {
  const { page: p, errors } = await e2e.newPage()
  const got = await opened(p, 'mixed-dark')
  assert.equal(got, {
    card: await computed(p, 'color-mix(in srgb, #ff0000 40%, #141414)'),
    text: await computed(p, 'color-mix(in srgb, #ff0000 40%, #e4e7e7)'),
    h2: '19.2px',
  })
  assert.equal(errors, [])
})

test('behavior: the --apkt-* forms win, in light mode too', async () => {
  const { page: p } = await e2e.newPage()
  assert.equal(await opened(p, 'mixed-light'), {
    card: await computed(p, 'color-mix(in srgb, #0000ff 30%, #fff)'),
    text: await computed(p, 'color-mix(in srgb, #0000ff 30%, #141414)'),
    h2: '12.8px',
  })
})

/**
 * Opens the page's modal by its button and returns a computed style of `selector` in the first
 * animation frame the element is in: checked every frame (before that frame paints) from before the click.
 */
async function firstFrame(name: string, selector: string, property: 'fontSize' | 'backgroundColor') {
  const { page: p } = await e2e.newPage()
  await p.goto(`${e2e.stack.web.url}/t/${name}.html`)
  // (A string: a named function inside evaluate() would carry the test compiler's helpers.)
  await p.evaluate(`(function tick() {
    const el = document.querySelector('w3m-modal')?.shadowRoot?.querySelector(${JSON.stringify(selector)})
    if (el) window.__firstFrame = getComputedStyle(el).${property}
    else requestAnimationFrame(tick)
  })()`)
  await p.locator('appkit-button button').click()
  await p.waitForFunction(() => (window as any).__firstFrame)
  return p.evaluate(() => (window as any).__firstFrame as string)
}

test('behavior: a site that scales the type sees it scaled from the first frame the dialog is in', async () => {
  assert.is(await firstFrame('mixed-dark', 'h2', 'fontSize'), '19.2px')
})

test('behavior: a light-mode modal is light from the first frame the dialog is in (no dark flash)', async () => {
  assert.is(await firstFrame('plain-light', '.card', 'backgroundColor'), 'rgb(255, 255, 255)')
})

/** A view from its own chunk (the onramp form), opened by the site: its label and input sizes. */
async function onrampSizes(p: Page, name: string) {
  await p.goto(`${e2e.stack.web.url}/t/${name}.html`)
  await p.evaluate(() => (window as any).modal.open({ view: 'OnRampProviders' }))
  await dialog(p).locator('.onramp label').first().waitFor()
  return p.evaluate(() => {
    const root = document.querySelector('w3m-modal')!.shadowRoot!
    return { label: getComputedStyle(root.querySelector('.onramp label')!).fontSize, input: getComputedStyle(root.querySelector('.onramp input')!).fontSize }
  })
}

test('behavior: a lazy view\'s own sheet keeps its sizes unset and scales with the master size', async () => {
  const { page: p, errors } = await e2e.newPage()
  assert.equal(await onrampSizes(p, 'plain-dark'), { label: '13px', input: '15px' })
  assert.equal(await onrampSizes(p, 'mixed-dark'), { label: '15.6px', input: '18px' })
  assert.equal(await onrampSizes(p, 'mixed-light'), { label: '10.4px', input: '12px' })
  assert.equal(errors, [])
})

test.run()
