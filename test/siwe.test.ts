// postern/siwe: AppKit 1.8's @reown/appkit-siwe names, the message helpers, verifySignature (an
// EOA's signature over the current instance's endpoints), and createSIWEConfig as createAppKit's
// siweConfig, run through SIWX.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { privateKeyToAccount } from 'viem/accounts'
import * as siwe from '../src/siwe'
import { siwxOf } from '../src/signals/siwx'
import { defineNetwork } from '../src/networks'
import { appkitNames } from './appkit-entries'
import { kitWith, resetDom } from './render'

const test = suite('postern/siwe')
test.before.each(resetDom)
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

// A chain (and a blockchain API) whose endpoint cannot verify anything: it refuses every method,
// so verification recovers the EOA's signer. A refusal is final, where a closed port is retried
// for seconds by each endpoint in turn.
const refusing = createServer((req, res) => {
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' }
  if (req.method === 'OPTIONS') return res.writeHead(204, cors).end()
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk))
  req.on('end', () => {
    const parsed = JSON.parse(body || '{}') as { id?: number } | { id?: number }[]
    const refuse = (r: { id?: number }) => ({ jsonrpc: '2.0', id: r.id ?? null, error: { code: -32601, message: 'the method does not exist' } })
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(parsed) ? parsed.map(refuse) : refuse(parsed)))
  })
})
let refusingUrl = ''
let offlineChain: ReturnType<typeof defineNetwork>
test.before(async () => {
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/`
  offlineChain = defineNetwork({ id: 991_001, name: 'Offline', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [refusingUrl] } } })
})
test.after(() => void refusing.close())
const params = { domain: 'shop.example', uri: 'https://shop.example/login', version: '1', chainId: 991_001, nonce: 'n0nce123', statement: 'Sign in to the shop', iat: '2030-01-01T00:00:00.000Z' }

test('exports: AppKit\'s names but for its controller and Lit views', () => {
  assert.equal(appkitNames('siwe', siwe).missing, ['SIWEController', 'W3mConnectingSiwe', 'W3mConnectingSiweView'])
})

test('behavior: the message helpers read what formatMessage wrote', () => {
  const message = siwe.formatMessage(params, `did:pkh:eip155:991001:${account.address}`)
  assert.is(siwe.getAddressFromMessage(message), account.address)
  assert.is(siwe.getChainIdFromMessage(message), 'eip155:991001')
  assert.is(siwe.getChainIdFromMessage('no chain here'), 'eip155:1', 'AppKit\'s default')
  assert.is(siwe.getDidChainId(`did:pkh:eip155:10:${account.address}`), '10')
  assert.is(siwe.getDidChainId(`eip155:137:${account.address}`), '137')
  assert.is(siwe.getDidAddress(`did:pkh:eip155:10:${account.address}`), account.address)
})

test('behavior: verifySignature accepts the signer\'s signature and refuses a changed message or another address', async () => {
  kitWith({ networks: [offlineChain], blockchainApiUrl: refusingUrl })
  const message = siwe.formatMessage(params, `did:pkh:eip155:991001:${account.address}`)
  const signature = await account.signMessage({ message })
  const args = { address: account.address, message, signature, chainId: 'eip155:991001', projectId: 'p' }
  assert.is(await siwe.verifySignature(args), true)
  assert.is(await siwe.verifySignature({ ...args, chainId: '991001' }), true, 'a bare chain id, as AppKit takes it')
  assert.is(await siwe.verifySignature({ ...args, message: message.replace('Sign in to the shop', 'Send everything') }), false)
  assert.is(await siwe.verifySignature({ ...args, address: '0x70997970C51812dc3A010C7d01b50e529a7d8b71' }), false)
  assert.is(await siwe.verifySignature({ ...args, signature: '0xnothex' }), false, 'never throws')
})

test('behavior: createSIWEConfig is createAppKit\'s siweConfig, run as SIWX; mapToSIWX follows the instance\'s network', async () => {
  const calls: string[] = []
  const config = siwe.createSIWEConfig({
    getMessageParams: async () => ({ domain: 'shop.example', uri: 'https://shop.example', chains: [1], statement: 'Sign in' }),
    getNonce: async () => (calls.push('getNonce'), 'abcdefgh'),
    createMessage: ({ address, ...args }) => siwe.formatMessage(args, address),
    verifyMessage: async () => true,
    getSession: async () => null,
    signOut: async () => true,
  })
  const kit = kitWith({ siweConfig: config })
  const siwx = siwxOf(kit.store)!
  const message = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
  assert.match(message.toString(), /^shop\.example wants you to sign in with your Ethereum account:\n0x.*\n\nSign in\n\nURI: https:\/\/shop\.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh\n/)
  assert.equal(calls, ['getNonce'])
  const mapped = siwe.mapToSIWX(config)
  assert.equal(await mapped.getSessions('eip155:1', account.address), [])
})

test.run()
