// The project's remote configuration (AppKit's /appkit/v1/config plus the secure site's URL): a
// valid answer turns e-mail login on in the Connect view of a site that named no secure site; a
// forged or foreign secure site, or a malformed answer, is refused with a warning and e-mail stays
// off; a site-passed secureSiteUrl always wins.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'
import { applyRemoteConfig, loadRemoteConfig, secureSiteRefusal } from '../../src/signals/remote-config'
import { DEFAULT_SECURE_SITE_URL } from '../../src/signals/options'
import type { ChainAdapter } from '../../src/types'

const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter
const API = 'http://127.0.0.1:8787'
const PAGE = 'http://127.0.0.1:5173'
const answer = (secureSiteUrl?: string, login = ['email', 'google']) => ({
  features: [{ id: 'social_login', isEnabled: true, config: login }], ...(secureSiteUrl && { secureSiteUrl }),
})

const test = suite('remote project configuration')
test.before.each(resetDom)

test('schema: only https: or loopback http:, on the API\'s domain, never the page\'s own origin', () => {
  assert.is(secureSiteRefusal('https://secure.example.com', 'https://api.example.com', 'https://shop.example'), undefined)
  assert.is(secureSiteRefusal('http://127.0.0.1:5174/', API, PAGE), undefined)
  assert.match(secureSiteRefusal('http://secure.example.com', 'https://api.example.com', PAGE)!, 'neither https: nor loopback http:')
  assert.match(secureSiteRefusal('javascript:alert(1)', API, PAGE)!, 'neither https:')
  assert.match(secureSiteRefusal('https://secure.attacker.example', 'https://api.example.com', PAGE)!, "not on the API's domain")
  assert.match(secureSiteRefusal('https://example.com.attacker.net', 'https://api.example.com', PAGE)!, "not on the API's domain")
  assert.match(secureSiteRefusal('https://evil.com', 'https://api.com', PAGE)!, "not on the API's domain")
  assert.match(secureSiteRefusal(PAGE, API, PAGE)!, "the page's own origin")
})

test('behavior: a valid answer turns e-mail login on in the open Connect view', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: API })
  await kit.open()
  await waitFor(() => modalRoot().querySelector('ul[aria-label=Wallets]'), 'wallet list')
  assert.is(modalRoot().querySelector('input[type=email]'), null, 'no secure site yet: no e-mail field')
  assert.is(applyRemoteConfig(kit.store, answer('http://127.0.0.1:5174/'), PAGE), undefined)
  assert.is(kit.store.options.secureSiteUrl, 'http://127.0.0.1:5174/')
  assert.equal(kit.store.options.features.socials, ['google'])
  await waitFor(() => modalRoot().querySelector('input[type=email]'), 'e-mail field from the remote configuration')
})

test('attack: a forged secure site on another domain is refused and e-mail stays off', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: 'https://api.example.com' })
  const refusal = applyRemoteConfig(kit.store, answer('https://secure.attacker.example'), PAGE)
  assert.match(refusal!, "secure site https://secure.attacker.example is not on the API's domain")
  assert.is(kit.store.options.secureSiteUrl, DEFAULT_SECURE_SITE_URL)
  await kit.open()
  await waitFor(() => modalRoot().querySelector('ul[aria-label=Wallets]'), 'wallet list')
  assert.is(modalRoot().querySelector('input[type=email]'), null)
})

test('a site-passed secureSiteUrl wins over the answer\'s', () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: API, secureSiteUrl: 'http://127.0.0.1:6000/' })
  assert.is(applyRemoteConfig(kit.store, answer('http://127.0.0.1:5174/', ['email']), PAGE), undefined)
  assert.is(kit.store.options.secureSiteUrl, 'http://127.0.0.1:6000/')
  assert.is(kit.store.options.features.email, true)
  assert.is(kit.store.options.features.socials, false)
})

test('malformed answers are refused with a warning; the options do not change', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: API })
  const before = JSON.stringify(kit.store.options.features)
  for (const bad of [{ features: 'email' }, { features: [{ id: 'social_login', isEnabled: 'yes', config: [] }] }, { features: [], secureSiteUrl: 'not a url' }, null]) {
    assert.match(applyRemoteConfig(kit.store, bad, PAGE)!, 'malformed answer')
  }
  assert.is(JSON.stringify(kit.store.options.features), before)
  assert.is(kit.store.options.secureSiteUrl, DEFAULT_SECURE_SITE_URL)

  const realFetch = globalThis.fetch
  const realWarn = console.warn
  const warnings: string[] = []
  const asked: string[] = []
  try {
    console.warn = (...args: unknown[]) => { warnings.push(args.join(' ')) }
    globalThis.fetch = (async (url: string) => {
      asked.push(url)
      return new Response(JSON.stringify({ features: [{ id: 'social_login' }], secureSiteUrl: 'http://127.0.0.1:5174/' }), { status: 200 })
    }) as typeof fetch
    await loadRemoteConfig(kit.store)
  } finally {
    globalThis.fetch = realFetch
    console.warn = realWarn
  }
  assert.match(asked[0]!, `${API}/appkit/v1/config?projectId=test`)
  assert.equal(warnings.length, 1)
  assert.match(warnings[0]!, '[Postern] Ignored the remote project configuration: malformed answer')
  assert.is(kit.store.options.secureSiteUrl, DEFAULT_SECURE_SITE_URL)
})

test.run()
