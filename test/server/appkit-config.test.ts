// GET /appkit/v1/config: AppKit 1.8's remote project configuration, as the site owner configured it
// (SECURE_SITE_URL, APPKIT_FEATURES): the configured project gets `social_login` with 'email' and
// its providers, and the secure site's URL; another project gets an empty list; an unknown or
// missing project is refused as on every project route; bad environment values name the variable.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { configFromEnv } from '../../server/config.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ api?: ApiServer }>('server: appkit-config', {})
const watchdog = setTimeout(() => {
  console.error('appkit-config.test.ts: timed out')
  process.exit(1)
}, watchdogMs(60_000))

test.before(async (ctx) => {
  const { remoteConfig } = configFromEnv({ SECURE_SITE_URL: 'https://secure.example.com', APPKIT_FEATURES: 'test=email+google+github' })
  ctx.api = await startApiServer({ chains: [], indexer: false, remoteConfig })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  clearTimeout(watchdog)
})

const ask = async (url: string, query: string) => {
  const res = await fetch(`${url}/appkit/v1/config${query}`)
  return { status: res.status, json: await res.json() as Record<string, unknown> }
}

test('a configured project gets AppKit\'s social_login feature and its secure site', async ({ api }) => {
  const { status, json } = await ask(api!.url, '?projectId=test&st=appkit&sv=html-wagmi-1.8.19')
  assert.is(status, 200)
  assert.equal(json, {
    features: [{ id: 'social_login', isEnabled: true, config: ['email', 'google', 'github'] }],
    secureSiteUrl: 'https://secure.example.com',
  })
})

test('a project without a configuration gets an empty feature list and no secure site', async ({ api }) => {
  assert.equal((await ask(api!.url, '?projectId=postern-demo')).json, { features: [] })
})

test('a missing or unknown project is refused with a reason', async ({ api }) => {
  const missing = await ask(api!.url, '')
  assert.is(missing.status, 400)
  const unknown = await ask(api!.url, '?projectId=nobody')
  assert.is(unknown.status, 403)
  assert.match(String(unknown.json['reason']), 'not a configured project')
})

test('bad environment values name the variable', () => {
  assert.throws(() => configFromEnv({ SECURE_SITE_URL: 'http://secure.example.com' }), /SECURE_SITE_URL: must be an https: URL/)
  assert.throws(() => configFromEnv({ APPKIT_FEATURES: 'test=email+myspace' }), /APPKIT_FEATURES.*must list only/)
  assert.throws(() => configFromEnv({ APPKIT_FEATURES: 'test' }), /APPKIT_FEATURES.*projectId=/)
  assert.is(configFromEnv({ SECURE_SITE_URL: 'http://127.0.0.1:5174/' }).remoteConfig, undefined)
})

test.run()
