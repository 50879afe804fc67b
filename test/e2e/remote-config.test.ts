// The remote project configuration as a visitor meets it: a site that names no secure site gets
// e-mail login from the API's /appkit/v1/config for the configured project (and logs in with the
// code from the inbox); the same page for a project without a configuration offers no e-mail.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { emailInput, loginByEmail, openConnect } from './embedded-page.ts'
import { sitePage } from './site-page.ts'
import { REMOTE_CONFIG_PROJECT_ID, type Stack } from '../../dev/stack.ts'

/** A project the API serves (DEFAULT_PROJECT_IDS) without a configuration of its features. */
const UNCONFIGURED = 'test'
const test = suite('e2e: remote project configuration')
let e2e: E2E

/** A site page with e-mail left to the API: no secureSiteUrl, no features. */
const remotePage = (stack: Stack, projectId: string) =>
  sitePage(stack, { adapters: '[Postern.adapters.eip155()]', config: { ...stack.config, projectId } })

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/remote-config.html', remotePage(e2e.stack, REMOTE_CONFIG_PROJECT_ID))
  e2e.stack.web.setPage('/t/remote-config-none.html', remotePage(e2e.stack, UNCONFIGURED))
})
test.after(async () => {
  await e2e?.stop()
})

/** Resolves with the body of the modal's /appkit/v1/config answer for `projectId`. */
const configAnswer = (page: Page, projectId: string) =>
  page.waitForResponse((r) => r.url().includes('/appkit/v1/config') && new URL(r.url()).searchParams.get('projectId') === projectId).then((r) => r.json())

test('behavior: the configured project gets the e-mail field from the API, logs in with the code from the inbox, with the frame on the secure site the API names', async () => {
  const { page, errors } = await e2e.newPage()
  const url = `${e2e.stack.web.url}/t/remote-config.html`
  const answer = configAnswer(page, REMOTE_CONFIG_PROJECT_ID)
  const address = await loginByEmail(page, e2e.browser, e2e.stack, url, 'rita@example.com')
  assert.equal(await answer, { features: [{ id: 'social_login', isEnabled: true, config: ['email'] }], secureSiteUrl: e2e.stack.secure.url })
  assert.match(address, /^0x[0-9a-fA-F]{40}$/)
  const src = new URL((await page.locator('iframe#w3m-iframe').getAttribute('src'))!)
  assert.is(src.origin, e2e.stack.secure.url)
  assert.is(src.searchParams.get('projectId'), REMOTE_CONFIG_PROJECT_ID)
  assert.equal(errors, [])
})

test('behavior: the same page for a project without a configuration shows no e-mail field', async () => {
  const { page, errors } = await e2e.newPage()
  const answer = configAnswer(page, UNCONFIGURED)
  await openConnect(page, `${e2e.stack.web.url}/t/remote-config-none.html`)
  assert.equal(await answer, { features: [] })
  // The wallets are listed and the answer has had time to apply: no e-mail field came with it.
  await dialog(page).locator('.item', { hasText: 'All Wallets' }).waitFor()
  await page.waitForTimeout(300)
  assert.is(await emailInput(page).count(), 0)
  assert.equal(errors, [])
})

test.run()
