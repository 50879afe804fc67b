// postern/siwx's BIP122Verifier (AppKit's, in DefaultSIWX's defaults): a Bitcoin session is kept
// when its BIP-322 or BIP-137 signature proves the message for the address on the session's chain;
// another key's signature, a changed message, or an address of another network is refused.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { sha256 } from '@noble/hashes/sha2.js'
import { BIP122Verifier, DefaultSIWX, InformalMessenger, LocalStorage } from '../../src/siwx/index'
import { signBip322 } from '../../src/lazy/bitcoin/bip322'
import { signBip137 } from '../../src/lazy/bitcoin/bip137'
import { demoBitcoinAccount, REGTEST, REGTEST_CAIP } from '../../dev/bitcoin/keys.ts'

const test = suite('siwx BIP122Verifier')
test.before.each(() => localStorage.clear())

const { payment, ordinal } = demoBitcoinAccount(0)
const key = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const MAINNET = 'bip122:000000000019d6689c085ae165831e93' as const

function siwx() {
  const messenger = new InformalMessenger({ domain: 'example.com', uri: 'https://example.com/', getNonce: async () => '12345678' })
  return new DefaultSIWX({ messenger, storage: new LocalStorage({ key: 'k' }) })
}

async function session(address: string, chainId: `${string}:${string}`, sign: (message: string) => string) {
  const config = siwx()
  const data = await config.createMessage({ accountAddress: address, chainId })
  const message = data.toString()
  return { config, session: { data, message, signature: sign(message) } }
}

const refused = (work: Promise<unknown>) => work.then(() => assert.unreachable('expected a refusal'), (e: Error) => assert.is(e.message, 'The signature is not valid'))

test('DefaultSIWX keeps Bitcoin sessions signed by BIP-322 (P2WPKH, P2TR) and BIP-137', async () => {
  for (const [address, sign] of [
    [payment.address, (m: string) => signBip322(m, payment.address, key(payment.secretKey), REGTEST)],
    [ordinal.address, (m: string) => signBip322(m, ordinal.address, key(ordinal.secretKey), REGTEST)],
    [payment.address, (m: string) => signBip137(m, key(payment.secretKey), 'p2wpkh')],
  ] as const) {
    localStorage.clear()
    const { config, session: s } = await session(address, REGTEST_CAIP, sign)
    await config.addSession(s)
    assert.is((await config.getSessions(REGTEST_CAIP, address)).length, 1, address)
    assert.ok(await new BIP122Verifier().verify(s))
  }
})

test('protection: another key\'s signature, a changed message and an address of another network are refused', async () => {
  const thief = sha256(new TextEncoder().encode('thief'))
  const stolen = await session(payment.address, REGTEST_CAIP, (m) => signBip137(m, thief, 'p2wpkh'))
  await refused(stolen.config.addSession(stolen.session))
  const changed = await session(payment.address, REGTEST_CAIP, (m) => signBip322(`${m}!`, payment.address, key(payment.secretKey), REGTEST))
  await refused(changed.config.addSession(changed.session))
  // A valid regtest proof does not sign in on Bitcoin mainnet.
  const elsewhere = await session(payment.address, MAINNET, (m) => signBip322(m, payment.address, key(payment.secretKey), REGTEST))
  await refused(elsewhere.config.addSession(elsewhere.session))
})

test.run()
