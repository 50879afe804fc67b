import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { adoptStyles } from '../../src/ui/sheet'

const test = suite('ui/sheet: stylesheets adopted into shadow roots')

const shadow = () => document.createElement('div').attachShadow({ mode: 'open' })

test('default: adopts the sheet (no <style> element); the release removes that sheet only', () => {
  const root = shadow()
  const releaseA = adoptStyles(root, '.a{color:red}')
  const releaseB = adoptStyles(root, '.b{color:red}')
  assert.is(root.adoptedStyleSheets.length, 2)
  assert.is(root.querySelector('style'), null)
  releaseA()
  assert.equal(root.adoptedStyleSheets.map((s) => s.cssRules[0]!.cssText.split('{')[0]!.trim()), ['.b'])
  releaseB()
  assert.is(root.adoptedStyleSheets.length, 0)
})

test('behavior: sheets keep their order (a view after the modal, so its rules win ties)', () => {
  const root = shadow()
  adoptStyles(root, '.base{color:red}')
  adoptStyles(root, '.view{color:blue}')
  assert.equal(root.adoptedStyleSheets.map((s) => s.cssRules[0]!.cssText.split('{')[0]!.trim()), ['.base', '.view'])
})

test('behavior: without constructable sheets, a <style> with the nonce of the modal\'s own <style>', () => {
  const root = shadow()
  Object.defineProperty(root, 'adoptedStyleSheets', { value: undefined })
  root.append(Object.assign(document.createElement('style'), { nonce: 'n0nce', textContent: '.modal{}' }))
  const release = adoptStyles(root, '.a{color:red}')
  const style = root.querySelectorAll('style')[1]
  assert.is(style?.nonce, 'n0nce')
  assert.is(style?.textContent, '.a{color:red}')
  release()
  assert.is(root.querySelectorAll('style').length, 1)
})

test.run()
