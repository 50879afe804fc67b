// What an operator gets from `npm install postern-secure`: the packed workspace package installed
// into a throw-away project, its command serving the secure site with the framing headers of
// dev/static/secure-headers.ts (the dev stack's, which the e2e tests check in a browser) and
// the config.js naming its auth service; it refuses to start without one.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { secureSiteHeaders } from '../../dev/static/secure-headers.ts'
import { listeningPort, packAndInstall, root, startCommand, type Command, type Packed } from './pack.ts'

const test = suite('package: postern-secure as an operator installs it')
const SITE_ORIGIN = 'https://shop.example'
let packed: Packed
let api: Server
let authUrl: string
let site: Command
let base: string
const started: Command[] = []

test.before(async () => {
  packed = packAndInstall({ workspace: 'secure' })
  // The auth service's allowed-origins route, as postern-server answers it.
  api = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(req.url?.startsWith('/projects/v1/origins?projectId=shop&') ? { allowedOrigins: [SITE_ORIGIN] } : { allowedOrigins: [] }))
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  authUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`
  site = startCommand(packed.project, 'postern-secure', { AUTH_URL: `${authUrl}/`, OIDC_ISSUER: 'https://id.example', PORT: '0', HOST: '127.0.0.1' })
  base = `http://127.0.0.1:${await listeningPort(site)}`
})
test.after(async () => {
  await Promise.all([site, ...started].map((c) => c?.stop()))
  api?.close()
  packed?.remove()
})

/** The headers of a response that the framing policy concerns. */
const policyOf = (res: Response) => Object.fromEntries(['content-security-policy', 'x-frame-options'].flatMap((h) => res.headers.get(h) ? [[h, res.headers.get(h)]] : []))

test('the tarball holds the built pages, their notices and the command, and no sources', () => {
  for (const file of ['README.md', 'dist/serve.js', 'dist/site/index.html', 'dist/site/main.js', 'dist/site/dashboard.html', 'dist/site/THIRD-PARTY-NOTICES.txt']) {
    assert.ok(packed.files.includes(file), `${file} is not packed`)
  }
  assert.equal(packed.files.filter((f) => f.endsWith('.ts')), [])
  const notices = readFileSync(join(packed.project, 'node_modules/postern-secure/dist/site/THIRD-PARTY-NOTICES.txt'), 'utf8')
  assert.ok(notices.includes('\nviem@'), 'the notices lack viem')
})

test('its README names every variable the command reads from the environment', () => {
  const readme = readFileSync(join(root, 'packages/secure/README.md'), 'utf8')
  const names = [...readFileSync(join(root, 'packages/secure/src/env.ts'), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): v\./gm)].map((m) => m[1]!)
  assert.equal(names, ['AUTH_URL', 'OIDC_ISSUER', 'PORT', 'HOST'])
  assert.equal(names.filter((name) => !readme.includes(`\`${name}\``)), [], 'undocumented')
})

test('behavior: the frame page is served with the framing policy dev/static/secure-headers.ts gives it', async () => {
  for (const path of ['/?projectId=shop', '/index.html?projectId=shop', '/?projectId=other']) {
    const url = new URL(path, base)
    const res = await fetch(url)
    assert.is(res.status, 200)
    assert.match(await res.text(), /<script src="\.\/config\.js"><\/script>/)
    assert.equal(policyOf(res), await secureSiteHeaders(() => authUrl)('index.html', url), path)
    assert.is(res.headers.get('cache-control'), 'no-store')
  }
})

test('behavior: the dashboard, device and callback pages may be framed by no one', async () => {
  for (const page of ['dashboard.html', 'device.html', 'callback.html']) {
    const res = await fetch(`${base}/${page}`)
    assert.is(res.status, 200, page)
    assert.equal(policyOf(res), { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' }, page)
  }
})

test('behavior: config.js names the auth service and OpenID provider from the environment', async () => {
  const res = await fetch(`${base}/config.js`)
  assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/)
  const scope: Record<string, unknown> = {}
  runInNewContext(await res.text(), Object.assign(scope, { window: scope }))
  // Read back as JSON: the object belongs to the script's own realm.
  assert.equal(JSON.parse(JSON.stringify(scope.POSTERN_SECURE_CONFIG)), { authUrl, oidcIssuer: 'https://id.example' })
  const main = await fetch(`${base}/main.js`)
  assert.is(main.status, 200)
  assert.match(main.headers.get('content-type') ?? '', /^text\/javascript/)
})

test('behavior: nothing outside the site is served', async () => {
  for (const path of ['/../serve.js', '/%2e%2e/serve.js', '/..%2fpackage.json', '/nope.html']) {
    const res = await fetch(`${base}${path}`)
    assert.is(res.status, 404, path)
  }
})

test('behavior: without AUTH_URL it refuses to start, naming the variable', async () => {
  const bare = startCommand(packed.project, 'postern-secure', { PORT: '0', HOST: '127.0.0.1' })
  started.push(bare)
  assert.is(await bare.exitCode(), 2, bare.output())
  assert.match(bare.output(), /^postern secure site: AUTH_URL: is required/m)
  const bad = startCommand(packed.project, 'postern-secure', { AUTH_URL: 'javascript:alert(1)</script>', PORT: '0', HOST: '127.0.0.1' })
  started.push(bad)
  assert.is(await bad.exitCode(), 2, bad.output())
  assert.match(bad.output(), /^postern secure site: AUTH_URL: must be an http\(s\) URL/m)
})

test.run()
