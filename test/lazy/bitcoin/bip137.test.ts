// BIP-137 (ECDSA "signmessage") signatures against bitcoinjs-message's published fixtures: the
// magic hash, the signatures of key 1 per address type, and the verifications, including the
// refusals (wrong message, wrong address, compressed and uncompressed keys crossed).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { bytesToHex } from '@noble/hashes/utils.js'
import { bip137Hash, isBip137, signBip137, verifyBip137 } from '../../../src/lazy/bitcoin/bip137.ts'

const test = suite('lazy/bitcoin BIP-137')
const KEY_1 = Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0))
const MESSAGE = 'vires is numeris'

test('the magic hash of "" and "Vires is Numeris"', () => {
  assert.is(bytesToHex(bip137Hash('')), '80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc')
  assert.is(bytesToHex(bip137Hash('Vires is Numeris')), 'f8a5affbef4a3241b19067aa694562f64f513310817297089a8929a930f4f933')
})

test('key 1 signs with the header of each address type, r and s the same', () => {
  assert.is(signBip137(MESSAGE, KEY_1, 'p2pkh'), 'IF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=')
  assert.is(signBip137(MESSAGE, KEY_1, 'p2sh-p2wpkh'), 'JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=')
  assert.is(signBip137(MESSAGE, KEY_1, 'p2wpkh'), 'KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=')
})

test('the published signatures verify for their addresses: uncompressed and compressed P2PKH, P2SH-P2WPKH, P2WPKH', () => {
  assert.ok(verifyBip137(MESSAGE, '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0='))
  assert.ok(verifyBip137(MESSAGE, '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', 'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0='))
  assert.ok(verifyBip137(MESSAGE, '3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN', 'JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8='))
  assert.ok(verifyBip137(MESSAGE, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8='))
  // As bip322-js (AppKit's verifier): a compressed-P2PKH header for a segwit address, as many wallets write it.
  assert.ok(verifyBip137(MESSAGE, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'IF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8='))
})

test('refused: the wrong message, the wrong address, compressed and uncompressed keys crossed, a taproot address, not a signature', () => {
  const uncompressed = 'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0='
  const compressed = 'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0='
  assert.not.ok(verifyBip137('foobar', '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', uncompressed))
  assert.not.ok(verifyBip137(MESSAGE, '1111111111111111111114oLvT2', compressed))
  assert.not.ok(verifyBip137(MESSAGE, '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', compressed))
  assert.not.ok(verifyBip137(MESSAGE, '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', uncompressed))
  assert.not.ok(verifyBip137(MESSAGE, 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', compressed))
  assert.not.ok(verifyBip137(MESSAGE, '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', 'not base64!'))
  assert.not.ok(isBip137(btoa('x'.repeat(65))))
})

test.run()
