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

const results = (postern: Record<string, unknown>, more: Record<string, unknown>[] = [], blank: Record<string, unknown> = {}) => ({
  date: '2026-11-26', app: 'react/react-wagmi', source: '82ece20976', postern: 'abc', versions: { '@reown/appkit': '1.8.19' },
  profile: 'phone', runs: 1, machine: '2 cores, load 3.0',
  labels: { blank: 'blank', appkit: 'AppKit react-wagmi, as published', postern: 'the same app on Postern' },
  variants: {
    blank: { runs: [run(200, { heap: 1048576, ...blank })] },
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

test('the tap above the blank page\'s tap; a result without one (an older run) has no floor, and the table says so', () => {
  const floored = results({}, [], { tap: 100 })
  // (300 − 100) / (1000 − 100) = 0.22; JS still above none.
  assert.is(aboveFloor(medians(floored)).tap.toFixed(2), '0.22')
  assert.is(aboveFloor(medians(floored)).jsBefore.toFixed(2), '0.30')
  const table = formatTable(floored)
  assert.match(table, /\| blank \| 1\/1 \(1\) \| 200 \| 0 \| 0\.0 \| 0\.0 \| 100 \| – \|/)
  assert.match(table, /\| 0\.30 · 0\.22 \| 0\.24 · 0\.24 \|/)
  assert.match(table, /tap → connect view's is the blank page's tap \(a pre-rendered dialog shown\)\. Goals/)
  assert.match(table, /tap → connect view ≤ 0\.5 × AppKit's: 0\.22, met/)
  // The goal reads the figure above the floor: 550 / 1000 = 0.55 would miss it; (550 − 200) / (1000 − 200) = 0.44 meets it.
  const goal = formatTable(results({ tap: 550 }, [], { tap: 200 }))
  assert.match(goal, /\| 0\.55 · 0\.44 \| 0\.24 · 0\.24 \|/)
  assert.match(goal, /tap → connect view ≤ 0\.5 × AppKit's: 0\.44, met/)
  const older = formatTable(results({}))
  assert.match(older, /\| blank \| 1\/1 \(0\) \| 200 \| 0 \| 0\.0 \| 0\.0 \| – \|/)
  assert.match(older, /tap → connect view's is the blank page's tap \(a pre-rendered dialog shown\), not measured in this run: 0\. Goals/)
  assert.match(older, /tap → connect view ≤ 0\.5 × AppKit's: 0\.30, met/)
})

test('runs that never became interactive count in the total only; an untapped build is not measured', () => {
  const table = formatTable(results({}, [{}, {}]))
  assert.match(table, /\| the same app on Postern \| 1\/3 \(1\) \| 2200 \|/)
  const untapped = results({ tap: null })
  assert.match(formatTable(untapped), /tap → connect view ≤ 0\.5 × AppKit's: not measured/)
  assert.is(resultsFile('phone'), 'results-real-app-phone.json')
})

test.run()
