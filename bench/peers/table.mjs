// The peer bench's table: medians per product, then for each Postern variant and each peer the
// ratio Postern / peer and, above the blank page's floor, (Postern − blank) / (peer − blank).
// Below 1 means Postern is faster, leaner or asks less. Also read by `npm run bench`.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { median } from './run.mjs'
import { VARIANTS } from './variants.mjs'

export const RESULTS_FILE = 'results.json'
/** Desktop keeps the historical name (read by `npm run bench`); other profiles get their own file. */
export const resultsFile = (profile = 'desktop') => (profile === 'desktop' ? RESULTS_FILE : `results-${profile}.json`)

// `optional` columns are left out when no product has a value (tap: only the phone profile taps).
// A metric's floor is the blank page's value (`floor: 0`: none); the blank page's tap shows a
// pre-rendered dialog (install.mjs, BLANK_TAP_PAGE), so above it is what a product adds to a tap.
const ALL_METRICS = [
  { key: 'view', head: 'nav → connect view (ms)', fmt: (v) => v.toFixed(0) },
  { key: 'tap', head: 'tap → connect view (ms)', fmt: (v) => v.toFixed(0), optional: true },
  { key: 'tbt', head: 'blocking time nav → view (ms)', fmt: (v) => v.toFixed(0) },
  { key: 'click', head: 'click → wallet reached (ms)', fmt: (v) => v.toFixed(1), floor: 0 },
  { key: 'heap', head: 'JS heap after GC (MiB)', fmt: (v) => (v / 1048576).toFixed(2) },
  { key: 'jsBytes', head: 'JS before visible (KiB br)', fmt: (v) => (v / 1024).toFixed(1) },
  { key: 'requests', head: 'requests before intent (outside origin)', fmt: (v) => String(v) },
]

/** Medians per variant and metric (over the runs where the view appeared). */
export function medians(results) {
  const out = {}
  for (const [name, { runs }] of Object.entries(results.variants)) {
    const ok = runs.filter((r) => r.view !== null)
    out[name] = Object.fromEntries([...ALL_METRICS.map((m) => m.key), 'outside'].map((k) => [k, median(ok.map((r) => r[k] ?? null))]))
    out[name].ok = ok.length
    out[name].total = runs.length
  }
  return out
}

/** a / b to two places; '–' where either is missing. */
export const ratio = (a, b) => (a === null || b === null ? '–' : b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2))

export function formatTable(results) {
  const m = medians(results)
  const METRICS = ALL_METRICS.filter((x) => !x.optional || Object.values(m).some((v) => v[x.key] !== null))
  const floor = m.blank
  const postern = Object.keys(m).filter((n) => VARIANTS[n]?.postern)
  const peers = Object.keys(m).filter((n) => !VARIANTS[n]?.postern && !VARIANTS[n]?.floor)
  const rows = [
    `| product | runs | ${METRICS.map((x) => x.head).join(' | ')} |`,
    `|---|---|${METRICS.map(() => '---').join('|')}|`,
  ]
  const cell = (name, x) => {
    const v = m[name][x.key]
    if (v === null) return '–'
    return x.key === 'requests' ? `${v} (${m[name].outside})` : x.fmt(v)
  }
  for (const name of Object.keys(m)) {
    rows.push(`| ${VARIANTS[name]?.label ?? name} | ${m[name].ok}/${m[name].total} | ${METRICS.map((x) => cell(name, x)).join(' | ')} |`)
  }
  // Ratio rows: 'a · b' = Postern / peer · (Postern − blank) / (peer − blank).
  const above = (p, q, x) => {
    const f = x.floor ?? floor?.[x.key] ?? 0
    return m[p][x.key] === null || m[q][x.key] === null ? '–' : ratio(m[p][x.key] - f, m[q][x.key] - f)
  }
  for (const p of postern) {
    for (const q of peers) {
      rows.push(`| ${VARIANTS[p].label} ÷ ${VARIANTS[q]?.label ?? q} | | ${METRICS.map((x) => `${ratio(m[p][x.key], m[q][x.key])} · ${above(p, q, x)}`).join(' | ')} |`)
    }
  }
  return [
    `Peer bench, ${results.date}, ${results.profile ?? 'desktop'} profile: medians of ${results.runs} cold runs per product, interleaved, one run (Postern ${results.postern}; ${results.machine}).`,
    '',
    ...rows,
    '',
    `Ratio rows: Postern / peer · (Postern − blank) / (peer − blank); below 1 = Postern faster, leaner or asking less. Click → wallet has no floor (0)${
      METRICS.some((x) => x.key === 'tap') ? `; tap → connect view's is the blank page's tap (a pre-rendered dialog shown)${floor?.tap == null ? ', not measured in this run: 0' : ''}` : ''}.`,
  ].join('\n')
}

/** The last saved results of `npm run bench:peers` in the cache folder, if any. */
export function lastResults(dir, profile = 'desktop') {
  const file = join(dir, resultsFile(profile))
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
}
