// The WalletConnect test wallet's ton, sui, polkadot and cosmos handlers, and the local TON ledger
// behind toncenter's API: what they sign verifies with each chain's library, what they refuse.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Address, toNano, WalletContractV4 } from '@ton/ton'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import { signatureVerify } from '@polkadot/util-crypto'
import { u8aWrapBytes } from '@polkadot/util'
import { startTon, type LocalTon } from '../../dev/ton/index.ts'
import { demoTonWallet } from '../../dev/ton/keys.ts'
import { verifySignData, type SignDataResult } from '../../dev/ton/sign-data.ts'
import { tonHandler } from '../../dev/wallet/walletconnect/ton.ts'
import { suiHandler } from '../../dev/wallet/walletconnect/sui.ts'
import { polkadotHandler } from '../../dev/wallet/walletconnect/polkadot.ts'
import { cosmosHandler } from '../../dev/wallet/walletconnect/cosmos.ts'
import { ChainRequestError, handlerNamespaces } from '../../dev/wallet/walletconnect/chain-handler.ts'

const test = suite('dev: the WalletConnect test wallet beyond eip155')
let ton: LocalTon

test.before(async () => {
  const { contract } = await demoTonWallet()
  ton = await startTon({ fund: [contract.address] })
})
test.after(async () => {
  await ton?.stop()
})

const refusal = async (promise: Promise<unknown>): Promise<number | undefined> => {
  try {
    await promise
  } catch (error) {
    return error instanceof ChainRequestError ? error.code : -1
  }
  return undefined
}

test('ton: signData verifies for its own fields only; a message for another account is refused; a transfer is executed on the ledger', async () => {
  const handler = await tonHandler({ apiUrl: ton.url })
  const { key } = await demoTonWallet()
  const signed = (await handler.answer('ton_signData', { type: 'text', text: 'hi', from: handler.address }, 'ton:-239', { url: 'https://site.example/app' })) as SignDataResult
  assert.is(signed.domain, 'site.example')
  assert.ok(await verifySignData(key.publicKey, signed))
  assert.not.ok(await verifySignData(key.publicKey, { ...signed, domain: 'evil.example' }), 'the domain is signed')
  const other = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32, 9) }).address
  assert.is(await refusal(handler.answer('ton_signData', { type: 'text', text: 'hi', from: other.toString() }, 'ton:-239', {})), 4100)
  assert.is(await refusal(handler.answer('ton_sendMessage', { valid_until: 1, messages: [{ address: other.toString(), amount: '1' }] }, 'ton:-239', {})), -32602)
  const before = await ton.balance(other)
  await handler.answer('ton_sendMessage', { valid_until: Math.floor(Date.now() / 1000) + 60, messages: [{ address: other.toString({ bounceable: false }), amount: toNano('2').toString() }] }, 'ton:-239', {})
  assert.is((await ton.balance(other)) - before, toNano('2'))
  assert.ok(Address.parse(handler.address).equals((await demoTonWallet()).contract.address))
})

test('ton: the ledger answers toncenter calls and refuses a malformed one', async () => {
  const call = (body: unknown) => fetch(ton.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const { contract } = await demoTonWallet()
  const info = await (await call({ id: 1, jsonrpc: '2.0', method: 'getAddressInformation', params: { address: contract.address.toString() } })).json()
  assert.is(info.ok, true)
  assert.is(info.result.state, 'active')
  const bad = await call({ id: 2, jsonrpc: '2.0', method: 'sendBoc', params: { boc: 'not a boc' } })
  assert.ok(bad.status >= 400 && bad.status < 500 || bad.status === 500)
  assert.is((await bad.json()).ok, false)
  assert.is((await call({ id: 3, jsonrpc: '2.0', method: 'dropDatabase', params: {} })).status, 400)
})

test('sui, polkadot: signatures verify with the chains\' libraries; another account is refused', async () => {
  const sui = suiHandler()
  const { signature } = (await sui.answer('sui_signPersonalMessage', ['hello'], 'sui:mainnet', {})) as { signature: string }
  assert.is((await verifyPersonalMessageSignature(new TextEncoder().encode('hello'), signature)).toSuiAddress(), sui.address)
  assert.is(await refusal(sui.answer('sui_signPersonalMessage', { message: 'x', address: `0x${'1'.repeat(64)}` }, 'sui:mainnet', {})), 4100)
  const dot = await polkadotHandler()
  const signed = (await dot.answer('polkadot_signMessage', { address: dot.address, message: 'hello' }, '', {})) as { signature: string }
  assert.ok(signatureVerify(u8aWrapBytes('hello'), signed.signature, dot.address).isValid)
  assert.not.ok(signatureVerify(u8aWrapBytes('hellO'), signed.signature, dot.address).isValid)
  assert.is(await refusal(dot.answer('polkadot_signMessage', { address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', message: 'x' }, '', {})), 4100)
  const cosmos = await cosmosHandler()
  assert.is(await refusal(cosmos.answer('cosmos_signDirect', { signerAddress: 'cosmos1other', signDoc: { chainId: 'c', accountNumber: '1', authInfoBytes: '', bodyBytes: '' } }, '', {})), 4100)
})

test('a proposal gets only the namespaces it asks for, on the chains the wallet serves', () => {
  const sui = suiHandler()
  const proposal = { requiredNamespaces: {}, optionalNamespaces: { sui: { chains: ['sui:mainnet', 'sui:unknown'], methods: [], events: [] } } } as never
  const ns = handlerNamespaces(proposal, [sui])
  assert.equal(Object.keys(ns), ['sui'])
  assert.equal(ns.sui!.accounts, [`sui:mainnet:${sui.address}`])
  assert.equal(handlerNamespaces({ requiredNamespaces: {}, optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: [], events: [] } } } as never, [sui]), {})
})

test.run()
