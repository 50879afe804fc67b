// A signed Bitcoin message as the sign-in verifiers take it: BIP-137 by its shape, BIP-322 else,
// and with a chain given only an address of that chain's network.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { sha256 } from '@noble/hashes/sha2.js'
import { verifyBitcoinMessage } from '../../../src/lazy/bitcoin/message.ts'
import { signBip137 } from '../../../src/lazy/bitcoin/bip137.ts'
import { signBip322 } from '../../../src/lazy/bitcoin/bip322.ts'
import { demoBitcoinAccount, REGTEST } from '../../../dev/bitcoin/keys.ts'

const test = suite('lazy/bitcoin message verification')
const { payment } = demoBitcoinAccount(0)
const secret = Uint8Array.from(Buffer.from(payment.secretKey, 'hex'))

test('BIP-322 and BIP-137 signatures of a regtest address are told apart and verify', () => {
  assert.is(verifyBitcoinMessage(payment.address, 'hi', signBip322('hi', payment.address, secret, REGTEST)), 'bip322')
  assert.is(verifyBitcoinMessage(payment.address, 'hi', signBip137('hi', secret, 'p2wpkh')), 'bip137')
  assert.is(verifyBitcoinMessage(payment.address, 'hi', signBip137('hi', secret, 'p2wpkh'), 'regtest'), 'bip137')
})

test('refused: another message, another key, an address of another network than the chain\'s', () => {
  const other = sha256(new TextEncoder().encode('another key'))
  assert.is(verifyBitcoinMessage(payment.address, 'hi', signBip322('ho', payment.address, secret, REGTEST)), undefined)
  assert.is(verifyBitcoinMessage(payment.address, 'hi', signBip137('hi', other, 'p2wpkh')), undefined)
  assert.is(verifyBitcoinMessage(payment.address, 'hi', signBip137('hi', secret, 'p2wpkh'), 'mainnet'), undefined)
})

test.run()
