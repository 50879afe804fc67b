import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_FEATURES, parseOptions } from '../../src/signals/options'
import { updateFeatures } from '../../src/signals/options-update'
import { mainnet, polygon } from '../../src/networks'

const test = suite('options')
const base = { projectId: 'p', networks: [mainnet] }

test('default: the spec\'s features are on or off', () => {
  const { features } = parseOptions(base)
  for (const key of ['swaps', 'onramp', 'receive', 'send', 'email', 'emailShowWallets', 'history', 'analytics', 'allWallets'] as const) assert.is(features[key], true, key)
  for (const key of ['legalCheckbox', 'smartSessions', 'collapseWallets', 'pay'] as const) assert.is(features[key], false, key)
  assert.equal(features.socials, ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  assert.equal(DEFAULT_FEATURES.pay, false)
})
test('parameters: features merge over the defaults', () => {
  const { features } = parseOptions({ ...base, features: { swaps: false } })
  assert.is(features.swaps, false)
  assert.is(features.onramp, true)
})
test('behavior: one error names every bad option', () => {
  try {
    parseOptions({ projectId: 5, networks: [], themeMode: 'blue', features: { swaps: 'yes' }, themeVariables: { '--w3m-nope': 1 } })
    assert.unreachable('should throw')
  } catch (error) {
    const message = (error as Error).message
    assert.match(message, /Invalid Postern options/)
    for (const name of ['projectId', 'networks', 'themeMode', 'features.swaps', 'themeVariables.--w3m-nope']) assert.match(message, name, name)
    assert.is((error as { code: string }).code, 'INVALID_OPTIONS')
  }
})
test('behavior: siweConfig and siwx together are rejected with the spec\'s text', () => {
  const siwx = { createMessage() {}, addSession() {}, getSessions() {}, revokeSession() {}, setSessions() {} }
  const siweConfig = { options: {}, methods: { getNonce() {}, createMessage() {}, verifyMessage() {}, getSession() {}, signOut() {} } }
  assert.throws(() => parseOptions({ ...base, siweConfig, siwx }), (e: Error) => e.message === 'Cannot set both `siweConfig` and `siwx` options')
})
test('behavior: siwx is checked and kept as it is (a class instance keeps its methods); a wrong shape names the option', () => {
  class Config { createMessage() {} addSession() {} getSessions() {} revokeSession() {} setSessions() {} }
  const siwx = new Config()
  assert.is(parseOptions({ ...base, siwx }).siwx, siwx)
  assert.throws(() => parseOptions({ ...base, siwx: { createMessage() {} } }), (e: Error) => /- siwx\.addSession: Invalid key/.test(e.message))
  assert.throws(() => parseOptions({ ...base, siweConfig: { methods: {} } }), (e: Error) => /- siweConfig\.methods\.getNonce: Invalid key/.test(e.message))
})
test('behavior: a missing project id does not throw (the modal shows an alert)', () => {
  assert.is(parseOptions({ networks: [mainnet] }).projectId, '')
})
test('behavior: networks get CAIP ids and unknown options pass through', () => {
  const options = parseOptions({ ...base, networks: [{ ...polygon, caipNetworkId: undefined }], someAppKitOption: true })
  assert.is(options.networks[0]!.caipNetworkId, 'eip155:137')
  assert.is((options as unknown as Record<string, unknown>).someAppKitOption, true)
})
test.run()

const appkit = suite('AppKit 1.8 options')
/** Every option of AppKit 1.8's CreateAppKit, set as its docs show them. */
export const EVERY_APPKIT_OPTION = {
  projectId: 'p', networks: [mainnet, polygon], defaultNetwork: polygon, adapters: [],
  metadata: { name: 'Shop', description: 'A shop', url: 'https://shop.example', icons: ['https://shop.example/i.png'] },
  features: {
    swaps: false, onramp: false, receive: true, send: true, email: false, emailShowWallets: true, socials: ['google', 'x'],
    history: true, analytics: false, allWallets: true, smartSessions: false, legalCheckbox: true,
    connectorTypeOrder: ['injected', 'walletConnect'], connectMethodsOrder: ['wallet', 'email', 'social'],
    walletFeaturesOrder: ['send', 'receive', 'onramp', 'swaps'], collapseWallets: false, pay: false, reownAuthentication: false, headless: false,
  },
  themeMode: 'light', themeVariables: { '--w3m-accent': '#f00', '--apkt-accent': '#0f0', '--w3m-z-index': 5, '--apkt-font-size-master': '10px', '--w3m-qr-color': '#000' },
  featuredWalletIds: ['a'], includeWalletIds: ['b'], excludeWalletIds: ['c'], allWallets: 'ONLY_MOBILE',
  customWallets: [{ id: 'w', name: 'W', homepage: 'https://w.example', image_url: 'https://w.example/i.png' }],
  termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'https://shop.example/privacy',
  disableAppend: true, enableWallets: true, enableEIP6963: true, enableCoinbase: false, enableBaseAccount: true, enableInjected: true,
  enableReconnect: false, enableWalletConnect: true, enableWalletGuide: true, enableAuthLogger: true, experimental_preferUniversalLinks: false,
  debug: true, enableEmbedded: false, allowUnsupportedChain: false, enableNetworkSwitch: true, enableMobileFullScreen: false,
  showWallets: true, manualWCControl: false, coinbasePreference: 'all',
  defaultAccountTypes: { eip155: 'eoa' },
  chainImages: { 1: 'https://img.example/1.png' }, connectorImages: { walletConnect: 'https://img.example/wc.png' },
  customRpcUrls: { 'eip155:1': [{ url: 'https://rpc.example/1' }] },
  tokens: { 'eip155:1': { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', image: 'https://img.example/usdc.png' } },
  universalProvider: {}, universalProviderConfigOverride: { methods: { eip155: ['eth_sendTransaction'] } },
}
appkit('parameters: every option of AppKit 1.8 is accepted as its docs set it', () => {
  const options = parseOptions(EVERY_APPKIT_OPTION)
  assert.is(options.defaultNetwork?.id, 137)
  assert.is(options.features.legalCheckbox, true)
  assert.equal(options.features.connectorTypeOrder, ['injected', 'walletConnect'])
  assert.is(options.defaultAccountTypes.eip155, 'eoa')
  assert.is(options.defaultAccountTypes.bip122, 'payment', 'AppKit defaults kept for the others')
})
appkit('default: AppKit\'s feature defaults that SPEC section 1 does not name', () => {
  const { features } = parseOptions(base)
  assert.equal(features.connectorTypeOrder, ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  assert.equal(features.walletFeaturesOrder, ['onramp', 'swaps', 'receive', 'send'])
  assert.is(features.reownAuthentication, false)
  assert.is(features.headless, false)
  assert.is(features.connectMethodsOrder, undefined)
})
appkit('behavior: a wrong type names the option, new options included', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ enableReconnect: 'yes' }, 'enableReconnect'], [{ chainImages: { 1: 5 } }, 'chainImages.1'],
    [{ customRpcUrls: { 'eip155:1': ['https://x'] } }, 'customRpcUrls.eip155:1.0'], [{ coinbasePreference: 'some' }, 'coinbasePreference'],
    [{ features: { connectorTypeOrder: ['nope'] } }, 'features.connectorTypeOrder.0'], [{ themeVariables: { '--apkt-z-index': '9' } }, 'themeVariables.--apkt-z-index'],
    [{ defaultAccountTypes: { eip155: 'mega' } }, 'defaultAccountTypes.eip155'], [{ experimental_preferUniversalLinks: 1 }, 'experimental_preferUniversalLinks'],
    [{ nonce: 42 }, 'nonce'], [{ locale: ['de'] }, 'locale'],
  ]
  for (const [bad, name] of cases) {
    assert.throws(() => parseOptions({ ...base, ...bad }), (e: Error) => e.message.includes(`- ${name}:`), name)
  }
})
appkit('behavior: the nonce option (for the <style> of a browser without constructable sheets) is a string, kept as given', () => {
  assert.is(parseOptions({ ...base, nonce: 'r4nd0m' }).nonce, 'r4nd0m')
  assert.is(parseOptions(base).nonce, undefined)
})
appkit('behavior: chainImages become the networks\' images; enableCoinbase: false excludes Coinbase Wallet', () => {
  const options = parseOptions({ ...base, networks: [mainnet, polygon], chainImages: { 1: 'https://img.example/1.png' }, enableCoinbase: false, excludeWalletIds: ['x'] })
  assert.is(options.networks[0]!.assets?.imageUrl, 'https://img.example/1.png')
  assert.is(options.networks[1]!.assets?.imageUrl, polygon.assets?.imageUrl)
  assert.ok(options.excludeWalletIds!.includes('x'))
  assert.ok(options.excludeWalletIds!.includes('com.coinbase.wallet'))
  assert.is(parseOptions(base).excludeWalletIds, undefined)
})
appkit.run()

const pay = suite('options: features.pay')
pay('behavior: as AppKit, features.pay leaves e-mail and socials off, at creation and through updateFeatures', () => {
  const options = parseOptions({ projectId: 'p', networks: [mainnet], features: { pay: true, email: true, socials: ['google'] } })
  assert.is(options.features.email, false)
  assert.is(options.features.socials, false)
  const store = { options: parseOptions({ projectId: 'p', networks: [mainnet], features: { email: true } }) }
  assert.is(store.options.features.email, true)
  updateFeatures(store, { pay: true })
  assert.is(store.options.features.email, false)
  assert.is(store.options.features.socials, false)
})
pay.run()
