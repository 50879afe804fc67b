// `npm run bench`: in one headless Chromium, against the built CDN bundle and the local stack,
// the median over RUNS page loads of: navigation → <appkit-button> rendered, click → Connect
// listing the injected wallets, the JS heap after open, click → All Wallets searchable, and once
// connected click → each feature view taking input (Send, Receive, Swap, Buy, Networks, Activity)
// with its chunk cached (the Account view prefetches them while idle; the bench waits for that).
// Also how long the stack takes to start.
import { spawnSync } from 'node:child_process'
import { register } from 'tsx/esm/api'
import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { cacheDir } from './peers/install.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.RUNS) || 12
const build = spawnSync(process.execPath, [`${root}build.mjs`, '--no-types', '--quiet'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(1)

register()
const { startStack } = await import('../dev/stack.ts')
const { evmPage, WALLET_A, WALLET_B } = await import('../test/e2e/evm-page.ts')
const { launchChromium } = await import('../test/browser.ts')

/** Time from a click on `target` in the modal until `ready` exists there, measured in the page. */
const clickUntil = (page, target, ready) => page.evaluate(([target, ready]) => new Promise((resolve) => {
  const root = document.querySelector('w3m-modal').shadowRoot
  const t0 = performance.now()
  root.querySelector(target).click()
  const check = () => (root.querySelector(ready) ? resolve(performance.now() - t0) : requestAnimationFrame(check))
  check()
}), [target, ready])
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
/** The modal's entry whose text is `name` (a list item or a button), for clickUntil. */
const byText = (name) => `[data-bench-name=${JSON.stringify(name)}]`
const markByText = (page, name) => page.evaluate((name) => {
  const root = document.querySelector('w3m-modal').shadowRoot
  const found = [...root.querySelectorAll("button")].find((b) => (b.querySelector(".name") ?? b).textContent.trim() === name)
  found?.setAttribute('data-bench-name', name)
  return !!found
}, name)
/** Waits until the page fetched nothing new for `quiet` ms: the idle prefetch of the feature chunks is done. */
const settle = (page, quiet = 400) => page.evaluate((quiet) => new Promise((resolve) => {
  let count = -1
  const tick = () => {
    const now = performance.getEntriesByType('resource').length
    if (now === count) return resolve()
    count = now
    setTimeout(tick, quiet)
  }
  tick()
}), quiet)
const BACK = '[aria-label=Back]'
const SEARCH = '.aw-search input'
// Each feature view: the Account view's button, and what shows once the view takes input.
const FEATURE_VIEWS = [
  ['Send', '[data-testid=feature-send]', '#send-amount:not([disabled])'],
  ['Receive', '[data-testid=feature-receive]', '[data-testid=receive-address]'],
  ['Swap', '[data-testid=feature-swaps]', '#swap-from'],
  ['Buy', '[data-testid=feature-onramp]', '#onramp-amount'],
  ['Networks', '[data-testid=account-network]', 'ul[aria-label=Networks] .item'],
]
const stackStart = []
for (let i = 0; i < 3; i++) {
  const t0 = performance.now()
  const s = await startStack({ solana: false })
  stackStart.push(performance.now() - t0)
  await s.stop()
}

const stack = await startStack({ solana: false })
const browser = await launchChromium()
try {
  stack.web.setPage('/bench.html', evmPage(stack, { wallets: [WALLET_A, WALLET_B] }))
  const toButton = []
  const toConnect = []
  const toAllWallets = []
  const heap = []
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    // Records when the button's own shadow button first exists and has a box.
    await page.addInitScript(() => {
      const check = () => {
        const button = document.querySelector('appkit-button')?.shadowRoot?.querySelector('button')
        if (button && button.getBoundingClientRect().width > 0) window.__buttonAt = performance.now()
        else requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    })
    await page.goto(`${stack.web.url}/bench.html`)
    await page.waitForFunction(() => window.__buttonAt !== undefined)
    toButton.push(await page.evaluate(() => window.__buttonAt))
    toConnect.push(await page.evaluate(() => new Promise((resolve) => {
      const t0 = performance.now()
      document.querySelector('appkit-button').shadowRoot.querySelector('button').click()
      const check = () => {
        const items = document.querySelector('w3m-modal')?.shadowRoot?.querySelectorAll('.item') ?? []
        if ([...items].filter((i) => /Alpha Wallet|Beta Wallet/.test(i.textContent)).length === 2) resolve(performance.now() - t0)
        else requestAnimationFrame(check)
      }
      check()
    })))
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    heap.push((await cdp.send('Runtime.getHeapUsage')).usedSize)
    // All Wallets (its chunk fetched once before, as a returning click would find it).
    await settle(page)
    if (await markByText(page, 'All Wallets')) {
      await clickUntil(page, byText('All Wallets'), SEARCH)
      await clickUntil(page, BACK, '[aria-label=Wallets]')
      await markByText(page, 'All Wallets')
      toAllWallets.push(await clickUntil(page, byText('All Wallets'), SEARCH))
    }
    await context.close()
  }
  // Connected: from a click in the Account view to each feature view taking input, its chunk
  // cached (prefetched while the Account view is idle), then back; the Activity list last.
  const toView = Object.fromEntries([...FEATURE_VIEWS.map(([name]) => [name, []]), ['Activity', []]])
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${stack.web.url}/bench.html`)
    await page.locator('appkit-button button').click()
    await page.locator('w3m-modal .item', { hasText: WALLET_A.name }).click()
    await page.waitForFunction(() => window.modal.getIsConnected())
    await page.locator('w3m-modal [role=dialog]').waitFor({ state: 'detached' })
    await page.locator('appkit-button button').click()
    await page.locator('w3m-modal [data-testid=feature-send]').waitFor()
    await settle(page)
    for (const [name, button, ready] of FEATURE_VIEWS) {
      if (!(await page.locator(`w3m-modal ${button}`).count())) continue
      toView[name].push(await clickUntil(page, button, ready))
      await clickUntil(page, BACK, '[data-testid=feature-send]')
    }
    toView.Activity.push(await clickUntil(page, '[role=tab]:not([aria-selected=true])', '[data-testid=history-row], [data-testid=history-empty]'))
    await context.close()
  }
  const ms = (x) => `${x.toFixed(1)} ms`
  console.log(`Postern speed (median of ${RUNS} runs, headless Chromium, local stack)`)
  console.log(`  navigation → <appkit-button> rendered   ${ms(median(toButton))}`)
  console.log(`  click → Connect with injected wallets    ${ms(median(toConnect))}`)
  console.log(`  click → All Wallets searchable (cached)  ${toAllWallets.length ? ms(median(toAllWallets)) : '–'}`)
  for (const [name, runs] of Object.entries(toView)) console.log(`  click → ${`${name} view taking input`.padEnd(31)} ${runs.length ? ms(median(runs)) : '– (not offered)'}`)
  console.log(`  JS heap after open                       ${(median(heap) / 1024 / 1024).toFixed(2)} MiB`)
  console.log(`  local stack start (median of 3)          ${ms(median(stackStart))}`)
} finally {
  await browser.close()
  await stack.stop()
}

// With the peers installed (`npm run bench:peers` once), the ratios against the fastest peer and
// the blank floor, measured now on this build: a short interleaved run (PEER_RUNS rounds, 0 skips).
const peerRuns = Number(process.env.PEER_RUNS ?? 3)
if (peerRuns > 0 && existsSync(join(cacheDir(), 'peers.stamp'))) {
  console.log(`\nAgainst the peers (bench/peers.mjs, ${peerRuns} rounds: blank, Postern ESM and CDN, Web3-Onboard):`)
  const peers = spawnSync(process.execPath, [`${root}bench/peers.mjs`, String(peerRuns), 'blank', 'postern', 'postern-cdn', 'onboard'], { stdio: ['ignore', 'inherit', 'ignore'] })
  if (peers.status !== 0) console.log('  the peer bench failed; run `npm run bench:peers` to see why')
} else if (peerRuns > 0) {
  console.log('\nNo peer cache: `npm run bench:peers` installs the peers once and prints the ratios to them.')
}
