import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { runInNewContext } from 'node:vm'
import { configScript, secureSiteEnv } from '../../../../packages/secure/src/env.ts'

const test = suite('postern-secure: settings from the environment')

test('defaults, and a trailing slash dropped from the URLs', () => {
  assert.equal(secureSiteEnv({ AUTH_URL: 'https://api.shop.example/' }), { authUrl: 'https://api.shop.example', oidcIssuer: undefined, port: 8788, host: '0.0.0.0' })
  assert.equal(secureSiteEnv({ AUTH_URL: 'http://127.0.0.1:8787', OIDC_ISSUER: 'https://id.example/', PORT: '0', HOST: '127.0.0.1' }), { authUrl: 'http://127.0.0.1:8787', oidcIssuer: 'https://id.example', port: 0, host: '127.0.0.1' })
})

test('behavior: a missing or malformed variable is refused naming it', () => {
  assert.throws(() => secureSiteEnv({}), /^AUTH_URL: is required/)
  assert.throws(() => secureSiteEnv({ AUTH_URL: 'javascript:alert(1)' }), /^AUTH_URL: must be an http\(s\) URL/)
  assert.throws(() => secureSiteEnv({ AUTH_URL: 'https://api.example', OIDC_ISSUER: 'data:text/html,x' }), /^OIDC_ISSUER: must be an http\(s\) URL/)
  assert.throws(() => secureSiteEnv({ AUTH_URL: 'https://api.example', PORT: 'eighty' }), /^PORT: must be a port number/)
})

test('behavior: config.js cannot be broken out of by what a URL carries', () => {
  const authUrl = 'https://api.example/</script><script>alert(1)</script>\u2028'
  const script = configScript({ authUrl })
  assert.not.match(script, /<\/script>/i)
  assert.not.ok(script.includes('\u2028'))
  const scope: Record<string, unknown> = {}
  runInNewContext(script, Object.assign(scope, { window: scope }))
  assert.is((scope.POSTERN_SECURE_CONFIG as { authUrl: string }).authUrl, authUrl)
})

test.run()
