// bench/peers --real-app: the parts that run without a browser or the registry: its arguments and
// its table (medians, ratios above the blank floor, the two goals).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: plain .mjs modules of the bench, without declarations
import { realAppArgs } from '../../bench/peers/real-app/args.mjs'
// @ts-expect-error: likewise
import { aboveFloor, formatTable, medians, resultsFile } from '../../bench/peers/real-app/table.mjs'

const test = suite('bench/peers real app')

test('--real-app takes the examples path; both profiles unless one is named; then the runs', () => {
  assert.is(realAppArgs(['3', 'postern']), null)
  assert.equal(realAppArgs(['--real-app', '/x/examples']), { source: '/x/examples', profiles: ['desktop', 'phone'], runs: undefined })
  assert.equal(realAppArgs(['--profile', 'phone', '--real-app', '/x', '7']), { source: '/x', profiles: ['phone'], runs: 7 })
  assert.equal(realAppArgs(['--real-app', '/x', '--profile=desktop']).profiles, ['desktop'])
  assert.throws(() => realAppArgs(['--real-app']), /needs the path of reown-com\/appkit-web-examples/)
  assert.throws(() => realAppArgs(['--real-app', '--profile', 'phone']), /needs the path/)
  assert.throws(() => realAppArgs(['--real-app', '/x', 'postern']), /the number of runs; got postern/)
  assert.throws(() => realAppArgs(['--real-app', '/x', '--profile', 'watch']), /unknown profile watch/)
})

const run = (ready: number | null, extra: Record<string, unknown> = {}) =>
  ({ ready, tbt: 0, jsReady: 0, jsBefore: 0, tap: null, jsView: null, heap: 1048576, requests: 1, outside: 0, errors: [], ...extra })

const results = (postern: Record<string, unknown>, more: Record<string, unknown>[] = []) => ({
  date: '2026-11-26', app: 'react/react-wagmi', source: '82ece20976', postern: 'abc', versions: { '@reown/appkit': '1.8.19' },
  profile: 'phone', runs: 1, machine: '2 cores, load 3.0',
  labels: { blank: 'blank', appkit: 'AppKit react-wagmi, as published', postern: 'the same app on Postern' },
  variants: {
    blank: { runs: [run(200, { heap: 1048576 })] },
    appkit: { runs: [run(5200, { tbt: 400, jsReady: 600 * 1024, jsBefore: 700 * 1024, tap: 1000, jsView: 900 * 1024, heap: 11 * 1048576 })] },
    postern: { runs: [run(2200, { tbt: 100, jsReady: 200 * 1024, jsBefore: 210 * 1024, tap: 300, jsView: 216 * 1024, heap: 3 * 1048576, ...postern }), ...more.map((x) => run(null, x))] },
  },
})

test('ratios: interactive and heap above the blank floor, JS and tap above none', () => {
  const above = aboveFloor(medians(results({})))
  // (2200 − 200) / (5200 − 200) = 0.4; heap (3 − 1) / (11 − 1) = 0.2; JS 210 / 700 = 0.3; tap 300 / 1000.
  assert.is(above.ready.toFixed(2), '0.40')
  assert.is(above.heap.toFixed(2), '0.20')
  assert.is(above.jsBefore.toFixed(2), '0.30')
  assert.is(above.tap.toFixed(2), '0.30')
})

test('the table: one row per build, the ratio row, and each goal met or not', () => {
  const met = formatTable(results({}))
  assert.match(met, /AppKit's react\/react-wagmi example at 82ece20976\), 2026-11-26, phone profile: medians of 1 cold runs/)
  assert.match(met, /\| build \| runs \(tapped\) \| nav → page interactive \(ms\) \| blocking time nav → interactive \(ms\) \|/)
  assert.match(met, /\| AppKit react-wagmi, as published \| 1\/1 \(1\) \| 5200 \| 400 \| 600\.0 \| 700\.0 \| 1000 \| 900\.0 \| 11\.00 \| 1 \(0\) \|/)
  assert.match(met, /\| the same app on Postern ÷ AppKit react-wagmi, as published \| \| 0\.42 · 0\.40 \| 0\.25 · 0\.25 \| 0\.33 · 0\.33 \| 0\.30 · 0\.30 \| 0\.30 · 0\.30 \| 0\.24 · 0\.24 \| 0\.27 · 0\.20 \|/)
  assert.match(met, /JS before the modal opens ≤ 0\.4 × AppKit's: 0\.30, met; tap → connect view ≤ 0\.5 × AppKit's: 0\.30, met/)
  const missed = formatTable(results({ jsBefore: 350 * 1024, tap: 600 }))
  assert.match(missed, /JS before the modal opens ≤ 0\.4 × AppKit's: 0\.50, not met; tap → connect view ≤ 0\.5 × AppKit's: 0\.60, not met/)
})

test('runs that never became interactive count in the total only; an untapped build is not measured', () => {
  const table = formatTable(results({}, [{}, {}]))
  assert.match(table, /\| the same app on Postern \| 1\/3 \(1\) \| 2200 \|/)
  const untapped = results({ tap: null })
  assert.match(formatTable(untapped), /tap → connect view ≤ 0\.5 × AppKit's: not measured/)
  assert.is(resultsFile('phone'), 'results-real-app-phone.json')
})

test.run()
