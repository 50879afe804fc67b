// The WalletConnect test wallet's Stacks namespace (dev/wallet/walletconnect/stacks.ts), answered
// directly: its account from the demo mnemonic, message signatures (utf8 and SIP-018) that
// verify with Stacks' own libraries, transactions signed only when they are the account's own.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import {
  deserializeTransaction,
  encodeStructuredDataBytes,
  makeUnsignedSTXTokenTransfer,
  publicKeyFromSignatureRsv,
  publicKeyToAddress,
  serializeCV,
  stringAsciiCV,
  tupleCV,
  uintCV,
} from '@stacks/transactions'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { stacksHandler } from '../../dev/wallet/walletconnect/stacks.ts'
import { ChainRequestError } from '../../dev/wallet/walletconnect/chain-handler.ts'

const test = suite('dev: WalletConnect wallet, stacks namespace')
const stacks = stacksHandler()
const ask = (method: string, params: unknown) => stacks.answer(method, params, 'stacks:1', {})
const refusal = (method: string, params: unknown) => ask(method, params).then(() => undefined, (e: ChainRequestError) => [e.code, e.message] as const)

test('behavior: the account is the mainnet address of its key, announced in the session and by stx_getAddresses', async () => {
  assert.match(stacks.address, /^SP[0-9A-Z]{38,40}$/)
  assert.is(publicKeyToAddress(stacks.publicKey, 'mainnet'), stacks.address)
  const answer = await ask('stx_getAddresses', {})
  assert.equal(answer, { addresses: [{ symbol: 'STX', address: stacks.address, publicKey: stacks.publicKey }] })
  assert.equal(JSON.parse(stacks.sessionProperties!.stacks_getAddresses!), answer)
})

test('behavior: stx_signMessage signs the prefixed message; it verifies for this key and message only', async () => {
  const { signature, publicKey } = await ask('stx_signMessage', { address: stacks.address, message: 'Hello Reown AppKit!' }) as { signature: string; publicKey: string }
  assert.is(publicKey, stacks.publicKey)
  assert.ok(verifyMessageSignatureRsv({ signature, message: 'Hello Reown AppKit!', publicKey }))
  assert.not.ok(verifyMessageSignatureRsv({ signature, message: 'Hello Reown AppKit?', publicKey }))
})

test('behavior: a SIP-018 structured message is signed over its domain; the key recovers from the hash', async () => {
  const domain = tupleCV({ name: stringAsciiCV('Postern'), version: stringAsciiCV('1.0.0'), 'chain-id': uintCV(1) })
  const message = tupleCV({ amount: uintCV(42) })
  const { signature } = await ask('stx_signMessage', { address: stacks.address, message: serializeCV(message), messageType: 'structured', domain: serializeCV(domain) }) as { signature: string }
  const hash = bytesToHex(sha256(encodeStructuredDataBytes({ message, domain })))
  assert.is(publicKeyFromSignatureRsv(hash, signature), stacks.publicKey)
  assert.equal(await refusal('stx_signMessage', { message: serializeCV(message), messageType: 'structured' }), [-32602, 'Invalid params: a structured message needs its domain'])
})

test('behavior: stx_signTransaction signs the account\'s own transfer; another account\'s, a broadcast and garbage are refused', async () => {
  const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: 'SP3F7GQ48JY59521DZEE6KABHBF4Q33PEYJ823ZXQ', amount: 5n, fee: 200n, nonce: 1n, publicKey: stacks.publicKey, network: 'mainnet' })
  const { transaction } = await ask('stx_signTransaction', { transaction: unsigned.serialize() }) as { transaction: string }
  const signed = deserializeTransaction(transaction)
  signed.verifyOrigin()
  assert.is(signed.signBegin(), unsigned.signBegin())
  // The same bytes with one signature bit flipped no longer verify: the check above is real.
  const flipped = transaction.slice(0, -20) + (transaction.at(-20) === '0' ? '1' : '0') + transaction.slice(-19)
  assert.throws(() => deserializeTransaction(flipped).verifyOrigin())
  const other = await makeUnsignedSTXTokenTransfer({ recipient: stacks.address, amount: 5n, fee: 200n, nonce: 1n, publicKey: `03${'22'.repeat(32)}`, network: 'mainnet' })
  assert.equal((await refusal('stx_signTransaction', { transaction: other.serialize() }))?.[0], 4100)
  assert.equal((await refusal('stx_signTransaction', { transaction: unsigned.serialize(), broadcast: true }))?.[0], -32603)
  assert.equal((await refusal('stx_signTransaction', { transaction: 'zz' }))?.[0], -32602)
  assert.equal((await refusal('stx_signTransaction', { transaction: 'deadbeef' }))?.[0], -32602)
})

test('input: another account, a testnet request and an unknown method are refused with their codes', async () => {
  assert.equal((await refusal('stx_signMessage', { address: 'SP3F7GQ48JY59521DZEE6KABHBF4Q33PEYJ823ZXQ', message: 'x' }))?.[0], 4100)
  assert.equal((await refusal('stx_signMessage', { message: 'x', network: 'testnet' }))?.[0], 4100)
  assert.equal((await refusal('stx_signMessage', { message: 42 }))?.[0], -32602)
  assert.equal((await refusal('stx_transferStx', { sender: stacks.address, recipient: stacks.address, amount: '1' }))?.[0], 4200)
})

test.run()
