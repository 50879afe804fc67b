// The secure site's reading of enableAuthLogger from its frame query: 'true' or 'false' as the
// modal sends it, on when absent (AppKit's default), anything else refused and quiet.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ancestorOrigins, loggerOn, originAllowed, readConfig } from '../../secure/config.ts'

const test = suite('secure site config')
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url)
test.before.each(() => {
  ;(globalThis as { POSTERN_SECURE_CONFIG?: unknown }).POSTERN_SECURE_CONFIG = { authUrl: 'http://127.0.0.1:9/' }
})
test.after(() => setUrl('http://localhost:3000/'))

test('behavior: enableLogger=true and an absent switch log; false and malformed values do not', () => {
  assert.is(loggerOn('true'), true)
  assert.is(loggerOn(undefined), true)
  assert.is(loggerOn('false'), false)
  assert.is(loggerOn('1'), false)
  assert.is(loggerOn(''), false)
})

test('behavior: readConfig takes the switch from the frame query', () => {
  setUrl('http://127.0.0.1:7777/?projectId=p1&chainId=eip155%3A10&version=v&enableLogger=false')
  assert.equal(readConfig(), { authUrl: 'http://127.0.0.1:9', oidcIssuer: undefined, projectId: 'p1', chainId: 10, logger: false })
  setUrl('http://127.0.0.1:7777/?projectId=p1&enableLogger=true')
  assert.is(readConfig().logger, true)
})

test('attack: an allowed page framed by another origin is refused: every ancestor origin is checked, not only the parent', () => {
  const list = ['https://shop.test', 'https://evil.test']
  const fake = Object.assign({ length: list.length, item: (i: number) => list[i] ?? null, contains: (o: string) => list.includes(o) }, list)
  Object.defineProperty(location, 'ancestorOrigins', { value: fake, configurable: true })
  try {
    assert.equal(ancestorOrigins(), list)
    assert.is(ancestorOrigins().every((o) => originAllowed(o, ['https://shop.test'])), false)
    assert.is(ancestorOrigins().every((o) => originAllowed(o, ['https://shop.test', 'https://evil.test'])), true)
  } finally {
    delete (location as { ancestorOrigins?: unknown }).ancestorOrigins
  }
})

test.run()
