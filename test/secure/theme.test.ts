// The page's theme in the secure frame: only parsed colours, lengths and font names; Approve keeps
// AA contrast whatever accent arrives.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { AA_CONTRAST, applyTheme, contrast, parseColour, parseFontFamily, parseLength, readTheme, SAFE_APPROVE, type Rgb } from '../../secure/theme.ts'

const test = suite('secure theme')
const rgbOf = (css: string) => parseColour(css) as Rgb

test('colours parse from hex, rgb() and hsl(); url(), var(), expressions and translucent colours do not', () => {
  assert.equal(parseColour('#fff'), [255, 255, 255])
  assert.equal(parseColour('#3396ff'), [51, 150, 255])
  assert.equal(parseColour('rgb(10, 20, 30)'), [10, 20, 30])
  assert.equal(parseColour('hsl(0, 100%, 50%)'), [255, 0, 0])
  for (const bad of ['url(https://x/y.png)', 'var(--x)', 'red; background: url(x)', 'calc(1px)', '#ffffff80', 'rgba(0,0,0,.1)', 'expression(alert(1))']) assert.is(parseColour(bad), undefined, bad)
})

test('lengths and font names parse; anything else is dropped', () => {
  assert.is(parseLength('4px'), '4px')
  assert.is(parseLength('url(x)'), undefined)
  assert.is(parseLength('9999px'), undefined)
  assert.is(parseFontFamily('Inter, "Helvetica Neue", sans-serif'), '"Inter", "Helvetica Neue", "sans-serif"')
  assert.is(parseFontFamily('x; background:url(y)'), undefined)
})

test('Approve keeps 4.5:1 for any accent: white on white is never painted', () => {
  for (const accent of ['#fff', '#ffff00', '#777777', '#3396ff', '#000', 'not a colour', 'url(x)']) {
    const { background, color } = readTheme({ '--w3m-accent': accent }).approve
    const ratio = contrast(rgbOf(background), rgbOf(color))
    assert.ok(ratio >= AA_CONTRAST, `${accent}: ${ratio}`)
  }
  assert.equal(readTheme({}).approve, SAFE_APPROVE)
})

test('applyTheme sets only the frame\'s own variables, never the page\'s names', () => {
  const root = document.createElement('div')
  applyTheme(root, { '--w3m-accent': '#fff', '--w3m-font-family': 'url(x)', '--anything': 'red', '--w3m-z-index': 9 })
  assert.is(root.style.getPropertyValue('--w3m-accent'), '')
  assert.is(root.style.getPropertyValue('--anything'), '')
  assert.is(root.style.getPropertyValue('--secure-font'), '')
  assert.ok(root.style.getPropertyValue('--secure-approve-bg'))
})

test.run()
