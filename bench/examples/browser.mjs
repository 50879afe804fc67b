// One built example in Chromium against the local stack: the public endpoints the app would call
// answered by the stack (AppKit's API and blockchain API by the reference server, each network's
// RPC by the local chain of its id, WalletConnect's relay by the stack's), the injected test wallets
// in the page, then: connect through the modal, and press every button of the app (Disconnect last).
//
// A button "works" when pressing it raises no page error, no unhandled rejection and no console
// message that reports an error within the settle time; buttons that open the modal get it
// closed again, and a popup a button opens is closed.
import { routeRelay, shownUri } from './walletconnect.mjs'
import { approveInFrame, fundShownAccount, loginByEmail } from './email.mjs'

const SETTLE_MS = 4000
const ERROR_TEXT = /\berror\b|failed|rejected|exception|not (a function|defined)|cannot read/i
const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//
// Resource misses (an avatar from the internet, a favicon) are not the app's behaviour.
const NOISE = /Failed to load resource|net::ERR_|favicon/i

/** Routes the app's outside requests to the stack; JSON-RPC by URL to the local chain of that network. */
export async function routeToStack(context, stack, rpcByUrl) {
  const api = stack.api.url
  await context.route((url) => !LOCAL.test(url.href), async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' }
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
    let target
    if (url.hostname === 'rpc.walletconnect.org' && /^\/v1\/?$/.test(url.pathname) && url.searchParams.get('chainId')) {
      target = rpcByUrl.get(`caip:${url.searchParams.get('chainId')}`)
    } else if (['api.web3modal.org', 'rpc.walletconnect.org', 'pulse.walletconnect.org'].includes(url.hostname)) {
      target = `${api}${url.pathname}${url.search}`
    } else {
      target = rpcByUrl.get(url.href) ?? rpcByUrl.get(url.href.replace(/\/$/, ''))
      // A node's HTTP API (TRON's /wallet/*): the path goes along to the local node.
      const base = !target && rpcByUrl.get(`base:${url.origin}`)
      if (base) target = `${base}${url.pathname}${url.search}`
      // REST APIs (Esplora) routed by prefix, the rest of the path kept.
      const prefix = !target && [...rpcByUrl.keys()].find((k) => k.startsWith('prefix:') && url.href.startsWith(`${k.slice(7)}/`))
      if (prefix) target = `${rpcByUrl.get(prefix)}${url.href.slice(prefix.length - 7)}`
    }
    if (!target) return route.fulfill({ status: 404, headers: cors, body: '' })
    try {
      // The page's Origin goes along: the co-signer and auth endpoints check it.
      const origin = (await request.allHeaders())['origin']
      const response = await route.fetch({ url: target, ...(origin && { headers: { ...request.headers(), origin } }) })
      await route.fulfill({ response, headers: { ...response.headers(), ...cors } })
    } catch {
      await route.abort('connectionrefused').catch(() => undefined)
    }
  })
}

/**
 * What a log message says: its text, less the source of any function it prints (an app that logs
 * `provider.signMessage` prints the method's code, whose error path's words report nothing).
 */
export async function printedText(message) {
  const args = message.args()
  const kinds = await Promise.all(args.map((arg) => arg.evaluate((value) => typeof value).catch(() => 'unknown')))
  if (!kinds.includes('function')) return message.text()
  const parts = await Promise.all(args.map((arg, i) => (kinds[i] === 'function' ? '' : arg.evaluate((value) => String(value)).catch(() => ''))))
  return parts.filter(Boolean).join(' ')
}

/** Text of the page including open shadow roots (the modal's and the buttons'). */
const deepText = (page) => page.evaluate(() => {
  const walk = (root) => [...root.querySelectorAll('*')].map((el) => (el.shadowRoot ? walk(el.shadowRoot) : '')).join(' ') + ' ' + (root.textContent ?? '')
  return walk(document.documentElement)
})

/**
 * Clicks the connect button (AppKit's element, else the app's own), then the first test wallet
 * listed; an adapter-less app shows WalletConnect's QR instead, whose URI the Node wallet pairs.
 * With `email` (the stack and browser for it), logs in by e-mail instead: the embedded smart account.
 */
async function connect(page, { walletNames, addressTails, pairWalletConnect, email }) {
  const element = page.locator('appkit-button, w3m-button, appkit-connect-button, w3m-connect-button').first()
  const own = page.locator('button', { hasText: /connect|open/i }).first()
  const trigger = await element.waitFor({ timeout: 15_000 }).then(() => element, async () => (await own.count()) ? own : undefined)
  if (!trigger) throw new Error('no connect button found')
  await trigger.click({ timeout: 10_000 })
  if (email) await loginByEmail(page, email.browser, email.stack)
  else await chooseWallet(page, { walletNames, pairWalletConnect })
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    // A SIWE/SIWX app asks to sign in before the address shows anywhere.
    await signInIfAsked(page)
    const text = (await deepText(page)).toLowerCase()
    if (!email && addressTails.some((tail) => text.includes(tail.toLowerCase()))) return
    // An app that shows only <appkit-button>, which shows the account's name (the stack names the
    // demo accounts) rather than its address: connected once the modal says so and has closed.
    // (AppKit itself, in --appkit runs, keeps '@appkit/connection_status'.)
    const connected = await page.evaluate(() => (localStorage.getItem('@postern/connection_status') === '"connected"' && !document.querySelector('w3m-modal')?.shadowRoot?.querySelector('[role=dialog]')) || localStorage.getItem('@appkit/connection_status') === 'connected')
    if (connected) return
    await page.waitForTimeout(300)
  }
  throw new Error(email ? 'not connected after typing the e-mailed code' : 'the address never showed after choosing the wallet')
}

/** The first listed test wallet chosen in the open modal, or WalletConnect's QR paired. */
async function chooseWallet(page, { walletNames, pairWalletConnect }) {
  const wallet = page.locator('w3m-modal').getByText(new RegExp(walletNames.join('|'))).first()
  // AppKit with e-mail login on lists the wallets behind this button (Postern lists them at once).
  const moreWallets = page.locator('w3m-modal').getByText('Continue with a wallet').first()
  for (const until = Date.now() + 15_000; ; await page.waitForTimeout(300)) {
    if (await wallet.isVisible()) {
      await wallet.click()
      break
    }
    if (await moreWallets.isVisible()) await moreWallets.click().catch(() => undefined)
    const uri = await shownUri(page)
    if (uri && pairWalletConnect) {
      await pairWalletConnect(uri)
      break
    }
    if (Date.now() > until) throw new Error(`neither a test wallet (${walletNames.join(', ')}) nor a WalletConnect QR showed`)
  }
}

/** The app's own buttons (light DOM, visible), tagged with an index; Disconnect-like ones last. */
const tagButtons = (page) => page.evaluate(() => {
  const buttons = [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null && !b.disabled && b.textContent.trim())
  buttons.forEach((b, i) => b.setAttribute('data-examples-button', String(i)))
  return buttons.map((b, i) => ({ index: i, text: b.textContent.trim().replace(/\s+/g, ' ').slice(0, 40) }))
})

/**
 * Signs in when the modal asks (SIWX/SIWE apps ask after connecting and after a network switch,
 * and the modal cannot be closed then, as AppKit's cannot): the test wallet signs at once.
 */
async function signInIfAsked(page) {
  const sign = page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]')
  if (!(await sign.count())) return
  await sign.click({ timeout: 5000 })
  await sign.waitFor({ state: 'detached', timeout: 20_000 })
}

async function closeModalIfOpen(page) {
  await signInIfAsked(page)
  // Postern's dialog, or AppKit's own modal (its overlay) in --appkit runs: both close on Escape.
  const dialog = page.locator('w3m-modal [role=dialog], w3m-modal [data-testid=w3m-modal-overlay]')
  if (await dialog.count()) {
    await page.keyboard.press('Escape')
    await dialog.first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined)
  }
}

/**
 * Opens the app, connects (by e-mail when `emailLogin`), presses each button. Returns { connects, working, total, firstError,
 * buttons: [{ text, ok, error }] }.
 */
export async function tryApp(browser, { url, stack, rpcByUrl, walletScripts, walletNames, addressTails, pairWalletConnect, emailLogin = false }) {
  const context = await browser.newContext()
  const errors = []
  const note = (text) => !NOISE.test(text) && errors.push(text.split('\n')[0].slice(0, 200))
  let page
  context.on('page', (p) => page && p !== page && p.close().catch(() => undefined))
  await routeToStack(context, stack, rpcByUrl)
  await routeRelay(context, stack.relay.url)
  for (const content of walletScripts) await context.addInitScript({ content })
  page = await context.newPage()
  page.on('pageerror', (error) => note(error.message))
  page.on('console', async (message) => {
    if (message.type() === 'error') return note(message.text())
    if (!['log', 'warning'].includes(message.type())) return
    const text = await printedText(message)
    if (ERROR_TEXT.test(text)) note(text)
  })
  const result = { connects: false, working: 0, total: 0, firstError: '', buttons: [] }
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await connect(page, { walletNames, addressTails, pairWalletConnect, ...(emailLogin && { email: { browser, stack } }) })
    result.connects = true
    // A sign-in view follows the connection a moment later in SIWX apps.
    await page.waitForTimeout(1500)
    await closeModalIfOpen(page)
    await page.waitForTimeout(1000)
    if (emailLogin) await fundShownAccount(page, stack)
    const found = await tagButtons(page)
    const order = [...found.filter((b) => !/disconnect/i.test(b.text)), ...found.filter((b) => /disconnect/i.test(b.text))]
    result.total = order.length
    for (const button of order) {
      const before = errors.length
      let error = ''
      try {
        // Re-tag: the app may have re-rendered since; the same text at the same rank is the same button.
        const now = await tagButtons(page)
        const same = now.filter((b) => b.text === button.text)
        const rank = found.filter((b) => b.text === button.text).indexOf(button)
        const target = same[rank] ?? same[0]
        if (!target) throw new Error('the button is gone')
        await page.locator(`[data-examples-button="${target.index}"]`).click({ timeout: 5000 })
        // The embedded wallet asks its owner in the secure frame: approved there while the button settles.
        for (let until = Date.now() + SETTLE_MS; Date.now() < until; await page.waitForTimeout(250)) if (emailLogin) await approveInFrame(page)
        await closeModalIfOpen(page)
      } catch (e) {
        error = e instanceof Error ? e.message.split('\n')[0] : String(e)
      }
      error ||= errors.slice(before).join(' | ')
      result.buttons.push({ text: button.text, ok: !error, error })
      if (!error) result.working++
    }
  } catch (e) {
    note(e instanceof Error ? e.message.split('\n')[0] : String(e))
    result.screenshot = await page.screenshot({ fullPage: true }).catch(() => undefined)
  } finally {
    await context.close().catch(() => undefined)
  }
  const failed = result.buttons.find((b) => !b.ok)
  result.firstError = errors[0] ?? (failed ? `${failed.text}: ${failed.error}` : '')
  result.errors = errors
  return result
}
