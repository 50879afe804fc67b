// `npm start` as a newcomer meets it: dev/start.mjs runs as its own process, its banner says where
// the demo and the inbox are, and the demo page offers e-mail, socials and wallets. A person logs
// in by e-mail with the code read from the inbox page, funds the smart account, and sends; on the
// ESM page a Bitcoin wallet connects and signs in.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { launchChromium } from '../browser.ts'
import { dialog } from './harness.ts'
import { deviceView, emailInput, otpInput, submitEmail } from './embedded-page.ts'
import { sendForm } from './send-page.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const test = suite('e2e: the npm start demo, walked by hand')
let start: ChildProcess
let banner = ''
let stateDir: string
let browser: Browser

/** Runs dev/start.mjs (the build is the runner's) and waits for its banner. */
async function npmStart(): Promise<void> {
  stateDir = await mkdtemp(join(tmpdir(), 'postern-demo-state-'))
  start = spawn(process.execPath, ['dev/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', POSTERN_STATE_DIR: stateDir, POSTERN_SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no banner in 180 s:\n${banner}`)), 180_000)
    const read = (chunk: Buffer) => {
      banner += chunk
      if (/Ctrl-C stops everything/.test(banner)) clearTimeout(timer), resolve()
    }
    start.stdout!.on('data', read)
    start.stderr!.on('data', read)
    start.once('exit', (code) => (clearTimeout(timer), reject(new Error(`npm start exited with ${code}:\n${banner}`))))
  })
}

const line = (pattern: RegExp): string => {
  const found = pattern.exec(banner)?.[1]
  if (!found) throw new Error(`the banner lacks ${pattern}:\n${banner}`)
  return found
}

test.before(async () => {
  await npmStart()
  browser = await launchChromium()
})
test.after(async () => {
  await browser?.close().catch(() => undefined)
  if (start && start.exitCode === null) {
    const exited = new Promise((r) => start.once('exit', r))
    start.kill('SIGTERM')
    await exited
  }
  if (stateDir) await rm(stateDir, { recursive: true, force: true })
})

test('the banner says how to finish each login by hand', () => {
  const inbox = line(/inbox: (http\S+)/)
  assert.match(banner, new RegExp(`E-mail .*\\n.*${inbox.replace(/[.?]/g, '\\$&')}`))
  assert.match(banner, /Socials .*OpenID provider[\s\S]*any name \(e\.g\. alice\) and any password/)
  assert.match(banner, /Farcaster .*Copy link": open http:\/\/\S+\/ and paste[\s\S]*approve as demo\.eth \(fid 1\)/)
})

/** The newest message to `email` on the inbox page a person reads: its 6-digit code, or its link. */
async function fromInbox(email: string, pattern: RegExp, after: number): Promise<string> {
  const inbox = await browser.newPage()
  try {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      await inbox.goto(`${line(/inbox: (http\S+)/)}?to=${encodeURIComponent(email)}`)
      if ((await inbox.locator('article').count()) > after) {
        const found = pattern.exec((await inbox.locator('article').first().textContent()) ?? '')?.[1]
        if (found) return found
      }
      await inbox.waitForTimeout(250)
    }
    throw new Error(`nothing matching ${pattern} reached ${email}`)
  } finally {
    await inbox.close()
  }
}

async function inboxCount(email: string): Promise<number> {
  const inbox = await browser.newPage()
  await inbox.goto(`${line(/inbox: (http\S+)/)}?to=${encodeURIComponent(email)}`)
  const count = await inbox.locator('article').count()
  await inbox.close()
  return count
}

test('behavior: it listens on the free port it was given PORT=0 for, and refuses a PORT that is no port number', () => {
  assert.not.match(banner, /port 0 is taken/)
  assert.ok(Number(new URL(line(/Demo \(script tag\)\s+(http\S+)/)).port) > 0)
  for (const bad of ['abc', '70000', '-1', '5173.5']) {
    const refused = spawnSync(process.execPath, ['dev/start.mjs'], { cwd: root, env: { ...process.env, PORT: bad }, encoding: 'utf8', timeout: 30_000 })
    assert.is(refused.status, 2, `PORT=${bad} was not refused:\n${refused.stdout}${refused.stderr}`)
    assert.match(refused.stderr, `PORT must be a port number (0 to 65535; 0: any free port), not "${bad}"`)
  }
})

test('e-mail login with the code from the inbox page, then a send from the smart account', async () => {
  const demo = line(/Demo \(script tag\)\s+(http\S+)/)
  const rpcUrl = line(/Chain 1\s+(http\S+)/)
  const context = await browser.newContext()
  const page: Page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(demo)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  // The Connect view offers all three: e-mail, socials and wallets.
  await emailInput(page).waitFor()
  await page.locator('w3m-modal [data-testid=w3m-social-google]').waitFor()
  await page.locator('w3m-modal .item', { hasText: 'Postern Test Wallet' }).waitFor()

  const email = 'newcomer@example.com'
  let before = await inboxCount(email)
  await submitEmail(page, email)
  await otpInput(page).or(deviceView(page)).first().waitFor({ timeout: 30_000 })
  if (await deviceView(page).isVisible()) {
    const link = await fromInbox(email, /(https?:\/\/\S+)/, before)
    before = await inboxCount(email)
    const approval = await browser.newPage()
    await approval.goto(link)
    await approval.locator('#status', { hasText: 'This device is approved.' }).waitFor()
    await approval.close()
    await otpInput(page).waitFor()
  }
  await otpInput(page).fill(await fromInbox(email, /\b(\d{6})\b/, before))
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const smart = await page.evaluate(() => (window as any).modal.getAddress() as Hex)
  assert.is(await page.evaluate(() => (window as any).modal.getPreferredAccountType('eip155')), 'smartAccount')

  // Funded as from a faucet, then the modal's Send: preview, confirm, approve in the secure frame.
  await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [smart, '0xDE0B6B3A7640000'] }) })
  const receiver: Hex = '0x000000000000000000000000000000000000bEEF'
  const chain = createPublicClient({ transport: http(rpcUrl) })
  const received = await chain.getBalance({ address: receiver })
  await page.locator('appkit-button button').click()
  const form = sendForm(page)
  await form.modal.locator('[data-testid=feature-send]').click()
  await form.choose('native:ETH')
  await form.amount.fill('0.01')
  await form.receiver.fill(receiver)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  // The secure frame asks to approve the send, then the modal returns to the Account view.
  const approve = page.frameLocator('iframe#w3m-iframe').locator('[data-testid=w3m-frame-approve]')
  const back = form.modal.locator('[data-testid=account-name]')
  await Promise.race([approve.click({ timeout: 60_000 }).catch(() => undefined), back.waitFor({ timeout: 60_000 })])
  await back.waitFor({ timeout: 60_000 })
  // The bundler includes the user operation on its own schedule.
  const deadline = Date.now() + 60_000
  while ((await chain.getBalance({ address: receiver })) === received && Date.now() < deadline) await page.waitForTimeout(250)
  assert.is((await chain.getBalance({ address: receiver })) - received, parseEther('0.01'))
  assert.equal(errors, [])
  await context.close()
})

test('Bitcoin on the ESM page: the Bitcoin test wallet connects, signs in (SIWX, BIP-322) and the reference server holds the session', async () => {
  assert.match(banner, /Bitcoin Esplora\s+http\S+\s+\(regtest ledger/)
  assert.match(banner, /the ESM page adds Bitcoin: "Postern Bitcoin Wallet"/)
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(line(/Demo \(ESM import\)\s+(http\S+)/))
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'Postern Bitcoin Wallet' }).click()
  // SIWX: the sign view asks, the wallet signs at once, the reference server verifies the BIP-322 proof.
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click({ timeout: 30_000 })
  await dialog(page).waitFor({ state: 'detached', timeout: 30_000 })
  const caip = await page.evaluate(() => (window as any).modal.getCaipAddress() as string)
  assert.match(caip, /^bip122:0f9188f13cb7b2c71f2a335e3a4fc328:bcrt1q/)
  const address = caip.split(':')[2]!
  const api = line(/API server\s+(http\S+)/)
  const { sessions } = await (await fetch(`${api}/v1/sessions/${address}?projectId=postern-demo`)).json()
  assert.equal(sessions.map((s: any) => [s.chainId, s.cacao.s.t]), [['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'bip322']])
  await page.locator('appkit-button button', { hasText: 'BTC' }).waitFor()
  assert.equal(errors, [])
  await context.close()
})

test.run()
