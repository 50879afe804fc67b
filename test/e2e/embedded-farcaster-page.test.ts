// Farcaster login by hand, as under `npm start`: Connect → Farcaster → copy the channel link the
// view shows → the relay's test-client page in a second tab → approve as the demo fid → the modal
// is connected as demo.eth.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { embeddedPage, openConnect } from './embedded-page.ts'

const test = suite('e2e: embedded wallet by Farcaster, approved on the test client page')
let e2e: E2E

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/farcaster-page.html', embeddedPage(e2e.stack, "features: { socials: ['farcaster'] },"))
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: the channel link pasted into the relay page and approved → connected as demo.eth', async () => {
  const { context, page, errors } = await e2e.newPage()
  await openConnect(page, `${e2e.stack.web.url}/t/farcaster-page.html`)
  await page.locator('w3m-modal [data-testid=w3m-social-farcaster]').click()
  await page.locator('w3m-modal [data-testid=w3m-farcaster-view]').waitFor()
  const link = await page.locator('w3m-modal [data-testid=w3m-farcaster-open]').getAttribute('href')
  assert.ok(link)

  const client = await context.newPage()
  await client.goto(`${e2e.stack.farcaster.url}/`)
  assert.is(await client.locator('h1').textContent(), 'Postern test Farcaster client')
  // A link that is not a channel's is refused on the page.
  await client.locator('#channel').fill('https://example.com/')
  await client.locator('button[type=submit]').click()
  assert.match((await client.locator('.error').textContent()) ?? '', /channelToken/)
  await client.locator('#channel').fill(link)
  await client.locator('button[type=submit]').click()
  await client.locator('[data-testid=approved]').waitFor()

  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const info = await page.evaluate(() => (window as any).modal.getAccount().embeddedWalletInfo)
  assert.equal({ authProvider: info.authProvider, username: info.user.username }, { authProvider: 'farcaster', username: 'demo.eth' })
  // After a reload the user name still comes with the session from the auth service.
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getAccount().embeddedWalletInfo?.user?.username === 'demo.eth')
  assert.equal(errors, [])
})

test.run()
