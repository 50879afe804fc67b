// enableAuthLogger on the real secure site: with it on (AppKit's default) a message of the wrong
// shape is reported in the frame's console; with false the same message leaves no trace there.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startE2E, type E2E } from './harness.ts'
import { embeddedPage, emailInput, openConnect } from './embedded-page.ts'

const test = suite('e2e: enableAuthLogger')
let e2e: E2E

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/logger-on.html', embeddedPage(e2e.stack))
  e2e.stack.web.setPage('/t/logger-off.html', embeddedPage(e2e.stack, 'enableAuthLogger: false,'))
})
test.after(async () => {
  await e2e?.stop()
})

/**
 * Opens Connect (the e-mail field loads the frame), waits for the frame to answer, then sends it a
 * malformed message followed by a valid request: the frame handles messages in order, so once the
 * request is answered the malformed one has been dealt with. Returns the frame's console lines.
 */
async function secureConsole(path: string): Promise<{ lines: string[]; query: string | null }> {
  const { page } = await e2e.newPage()
  const lines: string[] = []
  page.on('console', (m) => m.text().includes('[postern secure]') && lines.push(m.text()))
  await openConnect(page, `${e2e.stack.web.url}${path}`)
  await emailInput(page).waitFor()
  const iframe = page.locator('iframe#w3m-iframe')
  await iframe.waitFor({ state: 'attached' })
  const src = new URL((await iframe.getAttribute('src'))!)
  // As source text: the test's compiler would wrap named functions in a helper the page lacks.
  await page.evaluate(`(async (origin) => {
    const frame = document.querySelector('iframe#w3m-iframe')
    const answered = (id) => new Promise((resolve) => {
      const seen = (e) => e.data && e.data.id === id && (removeEventListener('message', seen), resolve(true))
      addEventListener('message', seen)
    })
    const ask = () => {
      const id = crypto.randomUUID()
      const reply = answered(id)
      frame.contentWindow.postMessage({ id, type: '@w3m-app/GET_CHAIN_ID' }, origin)
      return reply
    }
    // Ready first (the frame's own READY may already be past): a request it answers.
    while (!(await Promise.race([ask(), new Promise((r) => setTimeout(() => r(false), 500))])));
    frame.contentWindow.postMessage({ type: '@w3m-app/NOT_A_REQUEST' }, origin)
    await ask()
  })(${JSON.stringify(src.origin)})`)
  // The console event reaches the test after the page's own work: wait for it where it is due.
  const due = src.searchParams.get('enableLogger') === 'true'
  for (const end = Date.now() + 60_000; due && !lines.some((l) => l.includes('wrong shape')) && Date.now() < end;) await page.waitForTimeout(100)
  return { lines, query: src.searchParams.get('enableLogger') }
}

test('behavior: on by default, the secure site reports a malformed message; enableAuthLogger: false keeps its console quiet', async () => {
  const on = await secureConsole('/t/logger-on.html')
  assert.is(on.query, 'true')
  assert.ok(on.lines.some((l) => l.includes('dropped a message of the wrong shape')), on.lines.join('\n'))
  const off = await secureConsole('/t/logger-off.html')
  assert.is(off.query, 'false')
  assert.equal(off.lines, [])
})

test.run()
