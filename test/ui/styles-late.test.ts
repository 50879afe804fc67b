// The late sheet's theme rules must change nothing for a site that sets neither
// --w3m-color-mix-strength nor --w3m-font-size-master: its base colours are the modal sheet's,
// and each scaled size at the 10px default is the size the modal sheet gives that rule.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MODAL_CSS } from '../../src/ui/styles'
import { LATE_CSS } from '../../src/ui/styles-late'

const test = suite('late sheet: color-mix-strength and font-size-master')

/** The px font size a rule of the sheet gives a selector (its first rule that sets one). */
function pxSize(css: string, selector: string): number | undefined {
  for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = m[1]!.split(',').map((s) => s.trim())
    const size = /font-size:(\d+)px/.exec(m[2]!)
    if (size && selectors.includes(selector)) return Number(size[1])
  }
  return undefined
}
/** The multiplier of --fs the late sheet gives a selector. */
function scale(selector: string): number | undefined {
  for (const m of LATE_CSS.matchAll(/([^{}]+)\{font-size:calc\(var\(--fs\)\*([\d.]+)\)\}/g)) {
    if (m[1]!.split(',').map((s) => s.trim()).includes(selector)) return Number(m[2])
  }
  return undefined
}
const vars = (css: string, rule: string) => Object.fromEntries([...(new RegExp(`(?:^|\\n)${rule.replace(/[()[\]]/g, '\\$&')}\\{([^}]*)\\}`).exec(css)?.[1] ?? '').matchAll(/(--[\w-]+):([^;]+)/g)].map((m) => [m[1], m[2]!.trim()]))

test('behavior: at the 10px default each scaled size is the modal sheet\'s own', () => {
  for (const selector of ['h2', '.item', '.tag', '.wimg', '.muted', '.group', '.toast']) {
    const own = pxSize(MODAL_CSS, selector) ?? pxSize(LATE_CSS, selector)
    assert.ok(own, `${selector} has a px size`)
    assert.is(Math.round(scale(selector)! * 10 * 100) / 100, own, selector)
  }
  assert.match(LATE_CSS, /--fs:var\(--w3m-font-size-master,10px\)/)
})

test('behavior: the base colours are the modal sheet\'s, dark and light; no strength means no mix', () => {
  const [modalDark, modalLight] = [vars(MODAL_CSS, ':host'), vars(MODAL_CSS, ':host([data-theme=light])')]
  const [lateDark, lateLight] = [vars(LATE_CSS, ':host'), vars(LATE_CSS, ':host([data-theme=light])')]
  const pairs = { '--bg': '--b1', '--bg2': '--b2', '--bg3': '--b3', '--fg': '--f1', '--fg2': '--f2' }
  for (const [name, base] of Object.entries(pairs)) {
    assert.is(lateDark[base], modalDark[name], `dark ${name}`)
    assert.is(lateLight[base], modalLight[name], `light ${name}`)
  }
  // The strength has no fallback: unset, --m is invalid, so is every --x, and var(--x, base) is the base.
  assert.match(LATE_CSS, /--m:var\(--w3m-color-mix,#000\) var\(--w3m-color-mix-strength\);/)
})

test.run()
