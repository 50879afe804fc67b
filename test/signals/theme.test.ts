// Theming: --apkt-* wins over --w3m-* and both spellings reach the stylesheets; themeMode unset
// follows prefers-color-scheme, also when it changes, until the site sets a mode.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyTheme, createThemeState, resolveVariables, setThemeMode, setThemeVariables } from '../../src/signals/theme'
import { parseOptions } from '../../src/signals/options'
import { mainnet } from '../../src/networks'

type Listener = (event: { matches: boolean }) => void
function fakeMedia(matches: boolean) {
  const listeners = new Set<Listener>()
  const query = { matches, addEventListener: (_: string, l: Listener) => listeners.add(l), removeEventListener: (_: string, l: Listener) => listeners.delete(l) }
  const saved = globalThis.matchMedia
  globalThis.matchMedia = (() => query) as never
  return {
    change(next: boolean) {
      query.matches = next
      for (const l of listeners) l({ matches: next })
    },
    listeners,
    restore: () => void (globalThis.matchMedia = saved),
  }
}
const store = (extra: Record<string, unknown> = {}) => ({ theme: createThemeState(parseOptions({ projectId: 'p', networks: [mainnet], ...extra })) })

const test = suite('theme')
test('resolveVariables: each variable under both spellings, --apkt-* winning; color-mix-strength as a percentage', () => {
  assert.equal(resolveVariables({ '--w3m-accent': '#f00', '--apkt-accent': '#00f', '--w3m-font-family': 'Inter', '--apkt-color-mix-strength': 40, '--w3m-z-index': 5 }), {
    '--w3m-accent': '#00f', '--apkt-accent': '#00f', '--w3m-font-family': 'Inter', '--apkt-font-family': 'Inter',
    '--w3m-color-mix-strength': '40%', '--apkt-color-mix-strength': '40%', '--w3m-z-index': '5', '--apkt-z-index': '5',
  })
})
test('themeMode unset follows prefers-color-scheme and its changes; a set mode stops that', () => {
  const media = fakeMedia(true)
  try {
    const s = store()
    assert.is(s.theme.mode.peek(), 'dark')
    const stop = applyTheme(s, document)
    media.change(false)
    assert.is(s.theme.mode.peek(), 'light')
    setThemeMode(s, 'dark')
    media.change(false)
    assert.is(s.theme.mode.peek(), 'dark', 'an explicit mode stays')
    stop()
    assert.is(media.listeners.size, 0)
    const fixed = store({ themeMode: 'light' })
    applyTheme(fixed, document)()
    media.change(true)
    assert.is(fixed.theme.mode.peek(), 'light')
  } finally {
    media.restore()
  }
})
test('applyTheme puts the variables on :root for the buttons, and follows setThemeVariables', () => {
  const s = store({ themeVariables: { '--w3m-accent': '#123456' } })
  const stop = applyTheme(s, document)
  // An adopted sheet (CSP without 'unsafe-inline'), not a <style> in the head.
  assert.not.ok(document.head.querySelector('style'))
  const sheet = document.adoptedStyleSheets.at(-1)!
  const text = () => [...sheet.cssRules].map((r) => r.cssText).join('')
  assert.match(text(), /^:root ?\{[^}]*\}$/)
  assert.match(text(), /--w3m-accent: ?#123456/)
  assert.match(text(), /--apkt-accent: ?#123456/)
  setThemeVariables(s, { '--apkt-accent': '#abcdef', '--w3m-qr-color': '#000' })
  assert.match(text(), /--w3m-accent: ?#abcdef/)
  assert.match(text(), /--w3m-qr-color: ?#000/)
  stop()
  assert.not.ok(document.adoptedStyleSheets.includes(sheet))
})
test.run()
