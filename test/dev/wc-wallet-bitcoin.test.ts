// The Node WalletConnect wallet's bip122 signMessage as AppKit's WalletConnect Bitcoin connector
// asks it ({ message, account, address, protocol }): BIP-322 by default or with 'bip322', ECDSA
// (BIP-137) with 'ecdsa'; each signature, hex on the wire, verifies with the reference server's
// sign-in verifier as the type asked for, and not for another message.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { answerBitcoinRequest } from '../../dev/wallet/walletconnect/bitcoin.ts'
import { demoBitcoinAccount, REGTEST_CAIP } from '../../dev/bitcoin/index.ts'
import { verifyBitcoin } from '../../server/auth/verify.ts'

const test = suite('dev: the WalletConnect wallet signs bip122 messages both ways')
const demo = demoBitcoinAccount(1)
const options = { caipNetworkId: REGTEST_CAIP, esploraUrl: 'http://127.0.0.1:9', keys: { payment: demo.payment.secretKey, ordinal: demo.ordinal.secretKey } }
const message = 'Postern signs in with Bitcoin'

/** The wallet's answer as AppKit's connector turns it into the site's signature (hex → base64). */
async function sign(address: string, protocol?: 'ecdsa' | 'bip322'): Promise<string> {
  const answer = (await answerBitcoinRequest(options, 'signMessage', { message, account: address, address, protocol })) as { signature: string; address: string }
  assert.is(answer.address, address)
  return Buffer.from(answer.signature, 'hex').toString('base64')
}

test('behavior: protocol ecdsa gives a 65-byte BIP-137 signature; bip322 and no protocol give BIP-322; each verifies with the server\'s verifier', async () => {
  const ecdsa = await sign(demo.payment.address, 'ecdsa')
  assert.is(Buffer.from(ecdsa, 'base64').length, 65)
  assert.equal(verifyBitcoin(REGTEST_CAIP, demo.payment.address, message, ecdsa), { ok: true, type: 'bip137' })
  for (const protocol of ['bip322', undefined] as const) {
    const bip322 = await sign(demo.payment.address, protocol)
    assert.equal(verifyBitcoin(REGTEST_CAIP, demo.payment.address, message, bip322), { ok: true, type: 'bip322' })
  }
  assert.equal(verifyBitcoin(REGTEST_CAIP, demo.ordinal.address, message, await sign(demo.ordinal.address, 'bip322')), { ok: true, type: 'bip322' })
  assert.equal(verifyBitcoin(REGTEST_CAIP, demo.payment.address, `${message}!`, ecdsa), { ok: false }, 'not for another message')
})

test('protection: ECDSA for the taproot address, an unknown protocol or another address is refused, never signed', async () => {
  const refused = (params: unknown) => answerBitcoinRequest(options, 'signMessage', params).then(() => undefined, (error: { code?: number }) => error.code)
  assert.is(await refused({ message, address: demo.ordinal.address, protocol: 'ecdsa' }), -32602)
  assert.is(await refused({ message, address: demo.payment.address, protocol: 'schnorr' }), -32602)
  assert.is(await refused({ message, address: demoBitcoinAccount(2).payment.address, protocol: 'ecdsa' }), 4100)
})

test.run()
