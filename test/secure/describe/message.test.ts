// Messages to sign: readable text as it is, anything a contract could take for an authorization
// (32 bytes, bytes that are not printable UTF-8) as hex under the warning.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { describeBytes, describeMessage, NOT_TEXT_WARNING } from '../../../secure/describe/message.ts'

const test = suite('secure describe: messages')

test('readable text, hex-encoded or plain, is shown as text with no warning', () => {
  assert.equal(describeMessage('0x68656c6c6f20706f737465726e'), { body: 'hello postern' })
  assert.equal(describeMessage('Sign in to example.com\nNonce: 1'), { body: 'Sign in to example.com\nNonce: 1' })
})

test('exactly 32 bytes are shown as hex under the warning, even when they happen to be printable', () => {
  const hash = `0x${'ab'.repeat(32)}` as const
  assert.equal(describeMessage(hash), { body: hash, warning: NOT_TEXT_WARNING })
  const printable32 = new TextEncoder().encode('a'.repeat(32))
  assert.equal(describeBytes(printable32).warning, NOT_TEXT_WARNING)
  assert.is(describeBytes(printable32).body, `0x${'61'.repeat(32)}`)
})

test('bytes that are not UTF-8, or carry control or direction characters, are shown as hex under the warning', () => {
  assert.equal(describeMessage('0xff00fe'), { body: '0xff00fe', warning: NOT_TEXT_WARNING })
  assert.equal(describeMessage('0x6869001b'), { body: '0x6869001b', warning: NOT_TEXT_WARNING })
  assert.is(describeMessage('pay \u202emoc.elpmaxe').warning, NOT_TEXT_WARNING)
})

test.run()
