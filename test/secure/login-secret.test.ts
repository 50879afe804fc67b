// The frame's login secret: 32 random bytes, and the hash the auth service checks it against.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { newLoginSecret } from '../../secure/login-secret'
import { hashHex, secretMatches } from '../../server/auth-email/binding.ts'

test('behavior: a new secret each time; its hash is the one the auth service computes, and only it matches', async () => {
  const a = await newLoginSecret()
  const b = await newLoginSecret()
  assert.match(a.secret, /^[0-9a-f]{64}$/)
  assert.is.not(a.secret, b.secret)
  assert.is(a.hash, hashHex(a.secret))
  assert.ok(secretMatches(a.secret, a.hash))
  assert.not.ok(secretMatches(b.secret, a.hash))
  assert.not.ok(secretMatches(a.hash, a.hash), 'the hash the page might see is not the secret')
  assert.not.ok(secretMatches(a.secret, ''), 'a row from before the binding matches nothing')
})

test.run()
