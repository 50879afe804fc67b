import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { safeUrl } from '../../src/utils/url'

const test = suite('safeUrl')
test('behavior: https and loopback http pass', () => {
  assert.is(safeUrl('https://example.com/a'), 'https://example.com/a')
  assert.is(safeUrl('http://127.0.0.1:8080/x'), 'http://127.0.0.1:8080/x')
  assert.is(safeUrl('http://localhost/x'), 'http://localhost/x')
})
test('behavior: everything else is refused', () => {
  assert.is(safeUrl('javascript:alert(1)'), undefined)
  assert.is(safeUrl('http://example.com/'), undefined)
  assert.is(safeUrl('data:text/html,hi'), undefined)
  assert.is(safeUrl('not a url'), undefined)
  assert.is(safeUrl(undefined), undefined)
})
test('parameters: a wallet\'s registered scheme is allowed when named', () => {
  assert.is(safeUrl('metamask://wc?uri=x', ['metamask']), 'metamask://wc?uri=x')
  assert.is(safeUrl('metamask://wc?uri=x'), undefined)
})
test.run()
