// The secure site's framing headers: the frame page's frame-ancestors from the project's allowed
// origins (nothing that could inject another directive), 'none' for the wallet's own pages.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:http'
import { frameAncestors, secureSiteHeaders } from '../../dev/static/secure-headers.ts'

const test = suite('dev: secure site headers')

test('allowed-origin patterns become CSP sources; anything else is left out, and none left means \'none\'', () => {
  assert.is(frameAncestors(['http://127.0.0.1:*', 'https://*.example.com', 'https://shop.test:8443']), 'http://127.0.0.1:* https://*.example.com https://shop.test:8443')
  assert.is(frameAncestors(["https://a.test; script-src 'unsafe-inline'", 'https://b.test/path', '*', 42]), "'none'")
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

test.run()
