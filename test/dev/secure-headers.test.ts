// The secure site's framing headers: the frame page's frame-ancestors from the project's allowed
// origins (nothing that could inject another directive), 'none' for the wallet's own pages.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:http'
import { secureSiteHeaders } from '../../dev/static/secure-headers.ts'
import { frameAncestors, mayFrame } from '../../server/auth/frame-policy.ts'

const test = suite('dev: secure site headers')

test('allowed-origin patterns become CSP sources; anything else is left out, and none left means \'none\'', () => {
  assert.is(frameAncestors(['http://127.0.0.1:*', 'https://*.example.com', 'https://shop.test:8443']), 'http://127.0.0.1:* https://*.example.com https://shop.test:8443')
  assert.is(frameAncestors(["https://a.test; script-src 'unsafe-inline'", 'https://b.test/path', '*', 42]), "'none'")
})

test('an origin may frame the page exactly when a source of its frame-ancestors matches it', () => {
  const patterns = ['http://127.0.0.1:*', 'https://*.example.com', 'https://shop.test:8443', 'https://b.test/path', 'https://Upper.test']
  assert.ok(mayFrame('http://127.0.0.1:5173', patterns))
  assert.ok(mayFrame('https://a.b.example.com', patterns))
  assert.ok(mayFrame('https://shop.test:8443', patterns))
  assert.ok(mayFrame('https://upper.test', patterns))
  // Not a source the CSP carries, so not allowed either: the answer and the header agree.
  assert.not.ok(mayFrame('https://b.test', patterns))
  assert.not.ok(mayFrame('https://example.com', patterns))
  assert.not.ok(mayFrame('https://shop.test', patterns))
  assert.not.ok(mayFrame('http://localhost:5173', patterns))
})

test('dashboard, device and callback are never framed; other files get none', async () => {
  const api = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ allowedOrigins: req.url?.includes('projectId=p1') ? ['https://site.test'] : [] }))
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const port = (api.address() as { port: number }).port
  const headers = secureSiteHeaders(() => `http://127.0.0.1:${port}`)
  for (const page of ['dashboard.html', 'device.html', 'callback.html']) {
    assert.equal(await headers(`/dist/secure/${page}`, new URL(`http://s.test/${page}`)), { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' })
  }
  assert.equal(await headers('/dist/secure/main.js', new URL('http://s.test/main.js')), {})
  api.close()
})

test("the frame page may be framed by its project's allowed origins only, read per request; without a project or an API, by no one", async () => {
  let list = ['https://site.test', 'https://*.shop.test']
  const api = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ allowedOrigins: req.url?.includes('projectId=p1') ? list : [] }))
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const port = (api.address() as { port: number }).port
  let apiUrl: string | undefined
  const headers = secureSiteHeaders(() => apiUrl)
  const frame = (query: string) => headers('/dist/secure/index.html', new URL(`http://s.test/?${query}`))
  assert.equal(await frame('projectId=p1'), { 'content-security-policy': "frame-ancestors 'none'" }, 'no API known yet')
  apiUrl = `http://127.0.0.1:${port}`
  assert.equal(await frame('projectId=p1&chainId=eip155:1'), { 'content-security-policy': 'frame-ancestors https://site.test https://*.shop.test' })
  list = ['https://other.test']
  assert.equal(await frame('projectId=p1'), { 'content-security-policy': 'frame-ancestors https://other.test' })
  assert.equal(await frame('projectId=p2'), { 'content-security-policy': "frame-ancestors 'none'" })
  assert.equal(await frame(''), { 'content-security-policy': "frame-ancestors 'none'" })
  api.close()
  assert.equal(await frame('projectId=p1'), { 'content-security-policy': "frame-ancestors 'none'" }, 'API down')
})

test.run()
