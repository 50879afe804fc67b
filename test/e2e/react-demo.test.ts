import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('e2e: React demo (real React 19 + postern/react)')
let e2e: E2E
test.before(async () => {
  e2e = await startE2E({ reactDemo: true })
})
test.after(async () => e2e?.stop())

test('behavior: hooks follow connect, network switch and disconnect', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/react.html`)
  await page.getByTestId('status').filter({ hasText: 'disconnected' }).waitFor()
  await page.getByRole('button', { name: 'Connect with React' }).click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'Postern Test Wallet' }).click()
  await page.getByTestId('address').filter({ hasText: demoAddresses()[0]! }).waitFor()
  assert.is(await page.getByTestId('status').textContent(), 'connected')
  await page.getByRole('button', { name: 'Switch to Polygon' }).click()
  await page.getByTestId('network').filter({ hasText: 'Polygon' }).waitFor()
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await page.getByTestId('address').filter({ hasText: '–' }).waitFor()
  assert.equal(errors, [])
})
test.run()
