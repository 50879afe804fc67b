// BIP-322 "simple" signatures against the BIP's own test vectors (message hashes, to_spend and
// to_sign txids, P2WPKH and P2TR signatures), and the signer's output checked by the verifier.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as btc from '@scure/btc-signer'
import { bytesToHex } from '@noble/hashes/utils.js'
import { messageHash, signBip322, toSign, toSpendTxid, verifyBip322 } from '../../../src/lazy/bitcoin/bip322.ts'
import { demoBitcoinAccount, REGTEST } from '../../../dev/bitcoin/keys.ts'

const test = suite('dev/bitcoin BIP-322')

// The BIP's key (WIF L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k) and its addresses.
const WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const P2WPKH = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const P2TR = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const challenge = (address: string) => btc.OutScript.encode(btc.Address(btc.NETWORK).decode(address))

test('message hashes: the BIP\'s tagged hash of "" and "Hello World"', () => {
  assert.is(bytesToHex(messageHash('')), 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
  assert.is(bytesToHex(messageHash('Hello World')), 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
})

test('to_spend and to_sign txids of the BIP\'s vectors', () => {
  assert.is(toSpendTxid(challenge(P2WPKH), ''), 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
  assert.is(toSpendTxid(challenge(P2WPKH), 'Hello World'), 'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b')
  assert.is(toSign(challenge(P2WPKH), '').id, '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6')
  assert.is(toSign(challenge(P2WPKH), 'Hello World').id, '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf')
})

test('the BIP\'s P2WPKH signatures verify (both published encodings per message), and not for the other message', () => {
  const vectors: [string, string][] = [
    ['', 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='],
    ['', 'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy'],
    ['Hello World', 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='],
    ['Hello World', 'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy'],
  ]
  for (const [message, signature] of vectors) {
    assert.ok(verifyBip322(message, P2WPKH, signature), `"${message}" verifies`)
    assert.not.ok(verifyBip322(message ? '' : 'Hello World', P2WPKH, signature), `"${message}"'s signature fails for the other message`)
  }
})

test('the BIP\'s P2TR signature verifies; another address or message fails', () => {
  const signature = 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='
  assert.ok(verifyBip322('Hello World', P2TR, signature))
  assert.not.ok(verifyBip322('Hello World!', P2TR, signature))
  assert.not.ok(verifyBip322('Hello World', P2WPKH, signature))
})

test('signing with the BIP\'s key: the P2WPKH signature verifies and the address is the BIP\'s', () => {
  const key = btc.WIF().decode(WIF)
  assert.is(btc.getAddress('wpkh', key), P2WPKH)
  for (const message of ['', 'Hello World']) {
    const signature = signBip322(message, P2WPKH, key)
    assert.ok(verifyBip322(message, P2WPKH, signature))
  }
})

test('the regtest demo accounts sign for both purposes; a signature from another key fails', () => {
  const [a, b] = [demoBitcoinAccount(0), demoBitcoinAccount(1)]
  const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'))
  for (const { address, secretKey } of [a.payment, a.ordinal]) {
    const signature = signBip322('Postern', address, hex(secretKey), REGTEST)
    assert.ok(verifyBip322('Postern', address, signature, REGTEST), address)
  }
  assert.not.ok(verifyBip322('Postern', a.payment.address, signBip322('Postern', b.payment.address, hex(b.payment.secretKey), REGTEST), REGTEST))
  assert.not.ok(verifyBip322('Postern', a.payment.address, 'not base64!', REGTEST))
})

test.run()
