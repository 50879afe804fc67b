import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { formatBalance } from '../../src/utils/format'

const test = suite('formatBalance')
test('default: missing or unparsable values show 0.000', () => {
  assert.is(formatBalance(undefined), '0.000')
  assert.is(formatBalance(''), '0.000')
  assert.is(formatBalance('abc'), '0.000')
  assert.is(formatBalance('.'), '0.000')
})
test('behavior: truncates, never rounds up', () => {
  assert.is(formatBalance('1.9999'), '1.999')
  assert.is(formatBalance('0.0009'), '0.000')
  assert.is(formatBalance('10000'), '10000.000')
  assert.is(formatBalance('12.5'), '12.500')
  assert.is(formatBalance(0.12345), '0.123')
  assert.is(formatBalance('-1.23456'), '-1.234')
})
test('parameters: decimals', () => {
  assert.is(formatBalance('1.987', 2), '1.98')
  assert.is(formatBalance('007.1', 0), '7')
})
test.run()
