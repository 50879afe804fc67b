// bench/peers --real-app: the blank floor's tap, in a real headless Chromium through the real-app
// run itself. Its nav stays the one-element page; its tap is the products' floor tap page, found by
// the products' floor check (the same variant entry), a mouse click on desktop and a touch tap on
// the phone, as the two builds are tapped.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium } from '../browser'
// @ts-expect-error: plain .mjs modules of the bench, without declarations
import { writeFloorPages } from '../../bench/peers/install.mjs'
// @ts-expect-error: likewise
import { tapPage, VARIANTS } from '../../bench/peers/variants.mjs'
// @ts-expect-error: likewise
import { REAL_APP_VARIANTS, runRealApp } from '../../bench/peers/real-app/run.mjs'
// @ts-expect-error: likewise
import { PROFILES } from '../../bench/peers/profile.mjs'
// @ts-expect-error: likewise
import { startServer } from '../../bench/peers/serve.mjs'

const test = suite('bench/peers real app: the blank floor\'s tap')
let dir: string
let root: string
let server: { url: string, close: () => void }
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'real-app-floor-'))
  writeFloorPages(dir)
  // As the real-app mode serves it: the floor's folder at the server's root.
  root = join(dir, 'blank', 'dist-blank')
  server = await startServer(root, { compress: true })
})
test.after(() => {
  server?.close()
  rmSync(dir, { recursive: true, force: true })
})

test('the real-app floor taps the products\' floor page with the products\' check', () => {
  const blank = REAL_APP_VARIANTS.blank
  assert.is(blank.tap, VARIANTS.blank.tap)
  assert.equal(tapPage(blank), tapPage(VARIANTS.blank))
  assert.is(blank.ready, VARIANTS.blank.view)
})

for (const name of ['desktop', 'phone']) {
  test(`${name}: one real-app run of the blank floor measures its nav and its tap`, async () => {
    const r = await runRealApp({ launchChromium, server, root, variant: REAL_APP_VARIANTS.blank, profile: PROFILES[name] })
    assert.equal(r.errors, [])
    assert.type(r.ready, 'number')
    // The nav page as before: one request, no JS, its heap measured.
    assert.is(r.requests, 1)
    assert.is(r.jsBefore, 0)
    assert.type(r.heap, 'number')
    // The tap after the tap started: a dialog shown before it would read as negative.
    assert.type(r.tap, 'number')
    assert.ok(r.tap >= 0 && r.tap < 2000, String(r.tap))
  })
}

test.run()
