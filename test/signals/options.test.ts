import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_FEATURES, parseOptions } from '../../src/signals/options'
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
  assert.throws(() => parseOptions({ ...base, siweConfig: {}, siwx }), (e: Error) => e.message === 'Cannot set both `siweConfig` and `siwx` options')
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
