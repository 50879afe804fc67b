// Sign-in with Bitcoin on the reference auth service, as AppKit's BIP122Verifier accepts it:
// BIP-322 signatures (P2WPKH, P2TR) and BIP-137 ECDSA ones (P2WPKH, legacy P2PKH), each for an
// address of the message's own chain. The attacks: another key's signature, a message for another
// domain or with another address's nonce, an address of another network, a chain not served.
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import * as btc from '@scure/btc-signer'
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import type { ApiCtx } from '../../dev/api-fixture.ts'
import { signBip322 } from '../../../src/lazy/bitcoin/bip322.ts'
import { signBip137 } from '../../../src/lazy/bitcoin/bip137.ts'
import { REGTEST } from '../../../dev/bitcoin/keys.ts'
import { call, nonceFor, refused, siwxMessage, unspent } from './cases.ts'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'

/** A key of its own for each label, and its mainnet addresses. */
function bitcoinKey(label: string) {
  const secret = sha256(new TextEncoder().encode(`postern siwx bitcoin ${label}`))
  const pub = secp256k1.getPublicKey(secret, true)
  return {
    secret,
    p2wpkh: btc.p2wpkh(pub).address!,
    p2pkh: btc.p2pkh(pub).address!,
    p2tr: btc.p2tr(schnorr.getPublicKey(secret)).address!,
    regtest: btc.p2wpkh(pub, REGTEST).address!,
  }
}

type Signer = (message: string) => string

async function signed(ctx: ApiCtx, address: string, sign: Signer, over: { chainId?: string; domain?: string; nonce?: string } = {}) {
  const nonce = over.nonce ?? (await nonceFor(ctx, address))
  const message = siwxMessage({ address, chainId: over.chainId ?? MAINNET, nonce, statement: 'Sign in with Bitcoin', domain: over.domain })
  return { nonce, message, signature: sign(message) }
}

export function bitcoinSiwxCases(test: Test<ApiCtx>): void {
  test('a Bitcoin key signs in by BIP-322 (P2WPKH, P2TR) and by BIP-137 (P2WPKH, legacy P2PKH); the CACAO names the proof', async (ctx) => {
    const key = bitcoinKey('owner')
    const ways: [string, Signer, string][] = [
      [key.p2wpkh, (m) => signBip322(m, key.p2wpkh, key.secret), 'bip322'],
      [key.p2tr, (m) => signBip322(m, key.p2tr, key.secret), 'bip322'],
      [key.p2wpkh, (m) => signBip137(m, key.secret, 'p2wpkh'), 'bip137'],
      [key.p2pkh, (m) => signBip137(m, key.secret, 'p2pkh'), 'bip137'],
    ]
    for (const [address, sign, type] of ways) {
      const body = await signed(ctx, address, sign)
      const res = await call(ctx, '/auth/v1/authenticate', { body: { message: body.message, signature: body.signature } })
      assert.is(res.status, 200, `${type} ${address}: ${JSON.stringify(res.json)}`)
      const session = res.json['session'] as { chainId: string; cacao: { s: { t: string; s: string }; p: { iss: string } } }
      assert.equal([session.chainId, session.cacao.s.t, session.cacao.p.iss], [MAINNET, type, `did:pkh:${MAINNET}:${address}`])
    }
    assert.ok(((await call(ctx, `/v1/sessions/${key.p2wpkh}`)).json['sessions'] as unknown[]).length >= 2)
  })

  test('attack: another key\'s signature (BIP-322 or BIP-137) is refused, and the nonce is spent by the try', async (ctx) => {
    const key = bitcoinKey('victim')
    const thief = bitcoinKey('thief')
    // The thief signs the victim's message with its own key; its proof names its own address's script.
    const bip322 = await signed(ctx, key.p2wpkh, (m) => signBip322(m, thief.p2wpkh, thief.secret))
    await refused(ctx, bip322, 401, /^signature: not a valid signature of the message by /)
    assert.not.ok(await unspent(ctx, bip322.nonce))
    await refused(ctx, await signed(ctx, key.p2wpkh, (m) => signBip137(m, thief.secret, 'p2wpkh')), 401, /^signature: /)
    await refused(ctx, await signed(ctx, key.p2pkh, (m) => signBip137(m, thief.secret, 'p2pkh')), 401, /^signature: /)
    // A signature of another message by the right key does not carry over.
    const other = await signed(ctx, key.p2wpkh, () => '')
    await refused(ctx, { message: other.message, signature: signBip137(other.message.replace('Sign in with Bitcoin', 'Sign in elsewhere'), key.secret, 'p2wpkh') }, 401, /^signature: /)
  })

  test('attack: a message for another domain, or with a nonce issued for another address, is refused', async (ctx) => {
    const key = bitcoinKey('owner')
    const sign: Signer = (m) => signBip322(m, key.p2wpkh, key.secret)
    await refused(ctx, await signed(ctx, key.p2wpkh, sign, { domain: 'evil.example' }), 403, /^domain: the message is for evil\.example/)
    const foreign = await nonceFor(ctx, bitcoinKey('someone').p2wpkh)
    await refused(ctx, await signed(ctx, key.p2wpkh, sign, { nonce: foreign }), 400, /^nonce: was issued for another address/)
    await refused(ctx, await signed(ctx, key.p2wpkh, sign, { nonce: 'deadbeefdeadbeef' }), 400, /^nonce: was not issued by this service/)
  })

  test('attack: an address of another network signs in on its own chain only; a bip122 chain not known here is refused', async (ctx) => {
    const key = bitcoinKey('owner')
    const sign: Signer = (m) => signBip322(m, key.regtest, key.secret, REGTEST)
    await refused(ctx, await signed(ctx, key.regtest, sign), 401, /^signature: /)
    const res = await call(ctx, '/auth/v1/authenticate', { body: await signed(ctx, key.regtest, sign, { chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' }) })
    assert.is(res.status, 200, JSON.stringify(res.json))
    await refused(ctx, await signed(ctx, key.p2wpkh, (m) => signBip322(m, key.p2wpkh, key.secret), { chainId: 'bip122:00000000000000000000000000000000' }), 400, /^chainId: bip122:0{32} is not a chain this service verifies on/)
  })
}
