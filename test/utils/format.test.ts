import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { formatBalance, numberToPlain } from '../../src/utils/format'
import { decimalProduct } from '../../src/utils/units'

const test = suite('formatBalance')
test('default: missing or unparsable values show 0.000', () => {
  assert.is(formatBalance(undefined), '0.000')
  assert.is(formatBalance(''), '0.000')
  assert.is(formatBalance('abc'), '0.000')
  assert.is(formatBalance('.'), '0.000')
  assert.is(formatBalance(Number.NaN), '0.000')
  assert.is(formatBalance(Infinity), '0.000')
})
test('behavior: truncates, never rounds up', () => {
  assert.is(formatBalance('1.9999'), '1.999')
  assert.is(formatBalance('0.0009'), '0.000')
  assert.is(formatBalance('10000'), '10000.000')
  assert.is(formatBalance('12.5'), '12.500')
  assert.is(formatBalance(0.12345), '0.123')
  assert.is(formatBalance('-1.23456'), '-1.234')
})
test('behavior: a number is read as its decimal text, never through a binary float (SPEC: native 3 decimals, tokens 2)', () => {
  // 19.99 and 0.3 are 19.98999… and 0.29999… in binary: the text a person reads must not be.
  assert.is(formatBalance(19.99, 2), '19.99')
  assert.is(formatBalance(19.99), '19.990')
  assert.is(formatBalance(0.3), '0.300')
  assert.is(formatBalance(0.3, 1), '0.3')
  assert.is(formatBalance(1.005, 2), '1.00')
  assert.is(formatBalance(4.35, 2), '4.35')
  assert.is(formatBalance(-0.3, 2), '-0.30')
  assert.is(formatBalance(1e-7, 3), '0.000')
  assert.is(formatBalance(1.5e21, 0), '1500000000000000000000')
})
test('parameters: decimals', () => {
  assert.is(formatBalance('1.987', 2), '1.98')
  assert.is(formatBalance('007.1', 0), '7')
})
test.run()

const plain = suite('numberToPlain')
plain('default: the shortest text that reads back as the number, exponents spelled out', () => {
  assert.is(numberToPlain(19.99), '19.99')
  assert.is(numberToPlain(0.3), '0.3')
  assert.is(numberToPlain(1e-7), '0.0000001')
  assert.is(numberToPlain(-2.5e-8), '-0.000000025')
  assert.is(numberToPlain(1.5e21), '1500000000000000000000')
  assert.is(numberToPlain(1.2345e22), '12345000000000000000000')
  assert.not.match(numberToPlain(Number.NaN), /\d/)
})
plain.run()

const product = suite('decimalProduct')
product('default: an amount times a price, exact', () => {
  assert.is(decimalProduct('0.3', 3), '0.9')
  assert.is(decimalProduct('19.99', 1), '19.99')
  assert.is(decimalProduct('0.1', 0.2), '0.02')
  assert.is(decimalProduct('2', 3000), '6000')
  assert.is(decimalProduct('1.5', 1e-7), '0.00000015')
  assert.is(decimalProduct('-0.5', 2), '-1')
  assert.is(formatBalance(decimalProduct('0.333', 3), 2), '0.99')
})
product('default: an unparsable amount counts as 0', () => {
  assert.is(decimalProduct('abc', 3), '0')
  assert.is(decimalProduct('', 3), '0')
  assert.is(decimalProduct('2', Number.NaN), '0')
})
product.run()
