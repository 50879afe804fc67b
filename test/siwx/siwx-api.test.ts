// postern/siwx: AppKit's message text, DefaultSIWX over LocalStorage with the Solana verifier,
// a signer, and createSIWEConfig mapped onto SIWX.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { generateKeyPairSync, sign } from 'node:crypto'
import { DefaultSIWX, InformalMessenger, LocalStorage, SolanaVerifier, createSIWEConfig, formatMessage } from '../../src/siwx/index'
import { mapToSIWX } from '../../src/signals/siwe-map'
import { base58Encode } from '../../src/utils/base58'
import { parseSiwxMessage } from '../../server/auth/message'

const test = suite('siwx api')
test.before.each(() => localStorage.clear())

const messenger = (over: Partial<InformalMessenger.ConstructorParams> = {}) =>
  new InformalMessenger({ domain: 'example.com', uri: 'https://example.com/login', statement: 'Hello', resources: ['ipfs://a', 'https://b'], expiration: 60_000, getNonce: async () => '12345678', getRequestId: async () => 'req-1', ...over })

test('InformalMessenger writes EIP-4361 / CAIP-122 text exactly, and the service reads it back', async () => {
  const m = await messenger({ clearChainIdNamespace: true }).createMessage({ accountAddress: '0x70997970C51812dc3A010C7d01b50e529a7d8b71', chainId: 'eip155:1', notBefore: '2030-01-01T00:00:00.000Z' })
  assert.is(m.toString(), [
    'example.com wants you to sign in with your Ethereum account:',
    '0x70997970C51812dc3A010C7d01b50e529a7d8b71',
    '',
    'Hello',
    '',
    'URI: https://example.com/login',
    'Version: 1',
    'Chain ID: 1',
    'Nonce: 12345678',
    `Issued At: ${m.issuedAt}`,
    'Expiration Time: 2030-01-01T00:01:00.000Z',
    'Not Before: 2030-01-01T00:00:00.000Z',
    'Request ID: req-1',
    'Resources:',
    '- ipfs://a',
    '- https://b',
  ].join('\n'))
  const parsed = parseSiwxMessage(m.toString())
  assert.equal({ ...parsed, chainId: parsed.chainId }, { domain: 'example.com', address: m.accountAddress, statement: 'Hello', uri: m.uri, version: '1', chainId: 'eip155:1', nonce: '12345678', issuedAt: m.issuedAt, expirationTime: m.expirationTime, notBefore: m.notBefore, requestId: 'req-1', resources: ['ipfs://a', 'https://b'] })
  const bare = await messenger({ statement: undefined, resources: undefined, expiration: undefined, getRequestId: undefined }).createMessage({ accountAddress: 'So1', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  assert.is(bare.toString(), `example.com wants you to sign in with your Solana account:\nSo1\n\nURI: https://example.com/login\nVersion: 1\nChain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\nNonce: 12345678\nIssued At: ${bare.issuedAt}`)
})

test('DefaultSIWX keeps a Solana session that verifies, refuses a forged one, and revokes', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const address = base58Encode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'))
  const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const
  const siwx = new DefaultSIWX({ messenger: messenger(), verifiers: [new SolanaVerifier()], storage: new LocalStorage({ key: 'k' }) })
  assert.is(siwx.getRequired(), true)
  assert.is(siwx.signMessage, undefined, 'without a signer the wallet signs')
  const data = await siwx.createMessage({ accountAddress: address, chainId })
  const message = data.toString()
  const signature = base58Encode(sign(null, Buffer.from(message), privateKey))
  await siwx.addSession({ data, message, signature })
  assert.is((await siwx.getSessions(chainId, address)).length, 1)
  const forged = base58Encode(sign(null, Buffer.from(message + 'x'), privateKey))
  try {
    await siwx.addSession({ data, message, signature: forged })
    assert.unreachable()
  } catch (error) {
    assert.is((error as Error).message, 'The signature is not valid')
  }
  // A tampered stored session is dropped on read.
  const stored = JSON.parse(localStorage.getItem('k')!)
  localStorage.setItem('k', JSON.stringify([...stored, { ...stored[0], message: message.replace('Hello', 'Bye') }]))
  // As AppKit's: the good one is still returned, but the bad one's delete clears that chain+address.
  assert.is((await siwx.getSessions(chainId, address)).length, 1)
  assert.is((await siwx.getSessions(chainId, address)).length, 0)
  await siwx.addSession({ data, message, signature })
  await siwx.revokeSession(chainId, address)
  assert.equal(await siwx.getSessions(chainId, address), [])
  const signed = new DefaultSIWX({ required: false, signer: { signMessage: async (m) => `signed:${m}` } })
  assert.is(signed.getRequired(), false)
  assert.is(await signed.signMessage!({ message: 'hi', chainId, accountAddress: address }), 'signed:hi')
})

test('createSIWEConfig maps onto SIWX as AppKit maps it', async () => {
  const calls: string[] = []
  let session: { address: string; chainId: number } | null = null
  const siwe = createSIWEConfig({
    getMessageParams: async () => ({ domain: 'example.com', uri: 'https://example.com', chains: [1], statement: 'Please sign' }),
    getNonce: async () => (calls.push('getNonce'), 'abcdefgh'),
    createMessage: ({ address, ...args }) => (calls.push('createMessage'), formatMessage(args as never, address)),
    verifyMessage: async () => (calls.push('verifyMessage'), true),
    getSession: async () => (calls.push('getSession'), session),
    signOut: async () => (calls.push('signOut'), (session = null), true),
    onSignIn: (s) => (calls.push('onSignIn'), (session = s ?? null)),
  })
  assert.equal(siwe.options, { enabled: true, nonceRefetchIntervalMs: 300_000, sessionRefetchIntervalMs: 300_000, signOutOnDisconnect: true, signOutOnAccountChange: true, signOutOnNetworkChange: true, required: undefined })
  const siwx = mapToSIWX(siwe, () => 'eip155:1')
  const address = '0x70997970C51812dc3A010C7d01b50e529a7d8b71'
  assert.equal(await siwx.getSessions('eip155:1', address), [])
  const m = await siwx.createMessage({ accountAddress: address, chainId: 'eip155:1' })
  assert.match(m.toString(), /^example\.com wants you to sign in with your Ethereum account:\n0x7099.*\n\nPlease sign\n\nURI: https:\/\/example\.com\nVersion: 1\nChain ID: 1\nNonce: abcdefgh\nIssued At: /)
  await siwx.addSession({ data: m, message: m.toString(), signature: '0x' })
  assert.is((await siwx.getSessions('eip155:1', address)).length, 1)
  assert.equal(await siwx.getSessions('eip155:137', address), [], 'signOutOnNetworkChange')
  await siwx.revokeSession('eip155:1', address)
  assert.equal(calls, ['getSession', 'getNonce', 'createMessage', 'createMessage', 'verifyMessage', 'onSignIn', 'getSession', 'getSession', 'signOut'])
  assert.is(siwx.getRequired!(), true)
})

test.run()
