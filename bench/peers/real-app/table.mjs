// The real-app table: medians per build and, for Postern's build against AppKit's, the ratio
// Postern / AppKit and, above the blank page's floor, (Postern − blank) / (AppKit − blank), with
// the issue's two goals checked (JS bytes ≤ 0.4, tap → connect view ≤ 0.5 above the floor).
import { median } from '../run.mjs'
import { ratio } from '../table.mjs'

export const resultsFile = (profile) => `results-real-app-${profile}.json`

// floor: 0 where a blank page has nothing to compare (it loads no JS). The tap's floor is the blank
// page's tap: the products' floor tap page (a pre-rendered dialog shown; install.mjs, BLANK_TAP_PAGE).
const METRICS = [
  { key: 'ready', head: 'nav → page interactive (ms)', fmt: (v) => v.toFixed(0) },
  { key: 'tbt', head: 'blocking time nav → interactive (ms)', fmt: (v) => v.toFixed(0) },
  { key: 'jsReady', head: 'JS by interactive (KiB br)', fmt: (v) => (v / 1024).toFixed(1), floor: 0 },
  { key: 'jsBefore', head: 'JS before the modal opens (KiB br)', fmt: (v) => (v / 1024).toFixed(1), floor: 0 },
  { key: 'tap', head: 'tap → connect view (ms)', fmt: (v) => v.toFixed(0) },
  { key: 'jsView', head: 'JS by the connect view (KiB br)', fmt: (v) => (v / 1024).toFixed(1), floor: 0 },
  { key: 'heap', head: 'JS heap after GC, view open (MiB)', fmt: (v) => (v / 1048576).toFixed(2) },
  { key: 'requests', head: 'requests before the tap (outside origin)', fmt: (v) => String(v) },
]

/** The issue's goals for Postern's build against AppKit's: key → the largest ratio above the floor. */
export const GOALS = { jsBefore: 0.4, tap: 0.5 }

/** Medians per build and metric, over the runs that reached the page's button (and, for the tap, the view). */
export function medians(results) {
  const out = {}
  for (const [name, { runs }] of Object.entries(results.variants)) {
    const ok = runs.filter((r) => r.ready !== null)
    out[name] = Object.fromEntries([...METRICS.map((m) => m.key), 'outside'].map((k) => [k, median(ok.map((r) => r[k] ?? null))]))
    out[name].ok = ok.length
    out[name].tapped = ok.filter((r) => r.tap !== null).length
    out[name].total = runs.length
  }
  return out
}

/** { key: ratio above the floor } for Postern's build against AppKit's (null where either is missing); a floor not measured is 0. */
export function aboveFloor(m) {
  const out = {}
  for (const x of METRICS) {
    const f = x.floor ?? m.blank?.[x.key] ?? 0
    const [p, q] = [m.postern?.[x.key] ?? null, m.appkit?.[x.key] ?? null]
    out[x.key] = p === null || q === null || q - f === 0 ? null : (p - f) / (q - f)
  }
  return out
}

export function formatTable(results) {
  const m = medians(results)
  const label = (name) => results.labels?.[name] ?? name
  const rows = [
    `| build | runs (tapped) | ${METRICS.map((x) => x.head).join(' | ')} |`,
    `|---|---|${METRICS.map(() => '---').join('|')}|`,
  ]
  const cell = (name, x) => {
    const v = m[name][x.key]
    if (v === null) return '–'
    return x.key === 'requests' ? `${v} (${m[name].outside})` : x.fmt(v)
  }
  for (const name of Object.keys(m)) {
    const runs = `${m[name].ok}/${m[name].total} (${m[name].tapped})`
    rows.push(`| ${label(name)} | ${runs} | ${METRICS.map((x) => cell(name, x)).join(' | ')} |`)
  }
  const above = aboveFloor(m)
  if (m.postern && m.appkit) {
    const r = (x) => `${ratio(m.postern[x.key], m.appkit[x.key])} · ${above[x.key] === null ? '–' : above[x.key].toFixed(2)}`
    rows.push(`| ${label('postern')} ÷ ${label('appkit')} | | ${METRICS.map(r).join(' | ')} |`)
  }
  const goals = Object.entries(GOALS).map(([key, max]) => {
    const head = METRICS.find((x) => x.key === key).head.replace(/ \(.*\)$/, '')
    const v = above[key]
    return `${head} ≤ ${max} × AppKit's: ${v === null ? 'not measured' : `${v.toFixed(2)}, ${v <= max ? 'met' : 'not met'}`}`
  })
  return [
    `Real app (AppKit's ${results.app} example at ${results.source}), ${results.date}, ${results.profile} profile: medians of ${results.runs} cold runs per build, interleaved, one run (${Object.entries(results.versions ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}; Postern ${results.postern}; ${results.machine}).`,
    '',
    ...rows,
    '',
    `Ratio row: Postern / AppKit · (Postern − blank) / (AppKit − blank); the JS columns have no floor (0); tap → connect view's is the blank page's tap (a pre-rendered dialog shown)${
      m.blank?.tap == null ? ', not measured in this run: 0' : ''}. Goals (above the floor): ${goals.join('; ')}.`,
  ].join('\n')
}
