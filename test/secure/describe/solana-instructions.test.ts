// Solana messages for the approval: SPL Token instructions decoded, lookup-table accounts resolved
// (or named as unreadable, never `undefined`), and transaction bytes recognised as such.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  appendTransactionMessageInstructions, compileTransaction, compressTransactionMessageUsingAddressLookupTables, createNoopSigner,
  createTransactionMessage, generateKeyPairSigner, getCompiledTransactionMessageEncoder, getTransactionEncoder, pipe, compileTransactionMessage,
  setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, type Address, type Blockhash, type Instruction,
} from '@solana/kit'
import { getApproveInstruction, getCloseAccountInstruction, getSetAuthorityInstruction, getTransferCheckedInstruction, AuthorityType } from '@solana-program/token'
import { describeSolanaMessage, isTransactionMessage } from '../../../secure/describe/solana-instructions.ts'

const test = suite('secure describe: Solana instructions')
const lifetime = { blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash, lastValidBlockHeight: 100n }

async function message(instructions: Instruction[], payer: Address, tables?: Record<string, Address[]>) {
  const signer = createNoopSigner(payer)
  let m = pipe(createTransactionMessage({ version: 0 }), (x) => setTransactionMessageFeePayerSigner(signer, x),
    (x) => setTransactionMessageLifetimeUsingBlockhash(lifetime, x), (x) => appendTransactionMessageInstructions(instructions, x))
  if (tables) m = compressTransactionMessageUsingAddressLookupTables(m, tables as never) as typeof m
  return { m, bytes: new Uint8Array(getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(m))) }
}
const rows = (r: [string, string][]) => Object.fromEntries(r)

test('transferChecked, approve (unlimited), setAuthority and closeAccount are decoded', async () => {
  const [owner, source, dest, mint, delegate] = await Promise.all(Array.from({ length: 5 }, generateKeyPairSigner))
  const o = createNoopSigner(owner!.address)
  const { bytes } = await message([
    getTransferCheckedInstruction({ source: source!.address, mint: mint!.address, destination: dest!.address, authority: o, amount: 1_500_000n, decimals: 6 }),
    getApproveInstruction({ source: source!.address, delegate: delegate!.address, owner: o, amount: 2n ** 64n - 1n }),
    getSetAuthorityInstruction({ owned: source!.address, owner: o, authorityType: AuthorityType.AccountOwner, newAuthority: delegate!.address }),
    getCloseAccountInstruction({ account: source!.address, destination: dest!.address, owner: o }),
  ], owner!.address)
  const all = await describeSolanaMessage(bytes, async () => undefined)
  const r = rows(all)
  assert.is(r['Instruction 1'], 'Token transfer')
  assert.ok(all.some(([k, val]) => k === 'Amount' && val === '1.5'))
  assert.ok(all.some(([k, val]) => k === 'Mint' && val === mint!.address))
  assert.is(r['Instruction 2'], 'Token approve')
  assert.ok(all.some(([k, val]) => k === 'Amount' && val === 'unlimited'))
  assert.is(r['Instruction 3'], 'Token set authority')
  assert.is(r['New authority'], delegate!.address)
  assert.is(r['Authority over'], 'account owner')
  assert.is(r['Instruction 4'], 'Token close account')
  assert.not.ok(all.some(([, val]) => val.includes('undefined')))
})

test('accounts from a lookup table are resolved through the loader, or named as unreadable', async () => {
  const [owner, dest, table] = await Promise.all(Array.from({ length: 3 }, generateKeyPairSigner))
  const program = (await generateKeyPairSigner()).address
  const ix: Instruction = { programAddress: program, accounts: [{ address: dest!.address, role: 1 }], data: new Uint8Array([1, 2]) }
  const { bytes } = await message([ix], owner!.address, { [table!.address]: [dest!.address] })
  const resolved = await describeSolanaMessage(bytes, async (t) => (t === table!.address ? [dest!.address] : undefined))
  assert.equal(rows(resolved)['Instruction 1'], `Program ${program}`)
  const unreadable = await describeSolanaMessage(bytes, async () => undefined)
  assert.not.ok(unreadable.some(([, val]) => val.includes('undefined')))
})

test('a transaction message or a whole transaction is recognised; text is not', async () => {
  const owner = await generateKeyPairSigner()
  const { m, bytes } = await message([getCloseAccountInstruction({ account: owner.address, destination: owner.address, owner: createNoopSigner(owner.address) })], owner.address)
  assert.ok(isTransactionMessage(bytes))
  assert.ok(isTransactionMessage(new Uint8Array(getTransactionEncoder().encode(compileTransaction(m)))))
  assert.not.ok(isTransactionMessage(new TextEncoder().encode('Sign in to example.com with your Solana account')))
  assert.not.ok(isTransactionMessage(new Uint8Array(32)))
})

test.run()
