// SPL Transfer and Approve (the forms without decimals) shown in the mint's decimals, read from the
// token account's mint, with the symbol where the chain gives one (Token-2022's metadata extension,
// else the Metaplex metadata account); a clear note where nothing can be read. Accounts are encoded
// with the token program's own encoders; the instructions with its own builders.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  appendTransactionMessageInstructions, compileTransactionMessage, createNoopSigner, createTransactionMessage, generateKeyPairSigner,
  getAddressEncoder, getCompiledTransactionMessageEncoder, getProgramDerivedAddress, pipe, setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash, type Address, type Blockhash, type Instruction,
} from '@solana/kit'
import { AccountState, getApproveInstruction, getMintEncoder, getTokenEncoder, getTransferCheckedInstruction, getTransferInstruction } from '@solana-program/token'
import { describeSolanaMessage, DECIMALS_UNREAD } from '../../../secure/describe/solana-instructions.ts'
import { splTokenReader, type RawAccount } from '../../../secure/describe/solana-tokens.ts'

const test = suite('secure describe: SPL amounts')
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const METAPLEX = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s' as Address
const lifetime = { blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash, lastValidBlockHeight: 100n }
const addr = getAddressEncoder()

async function describe(instructions: Instruction[], payer: Address, accounts: Map<string, RawAccount>) {
  const m = pipe(createTransactionMessage({ version: 0 }), (x) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), x),
    (x) => setTransactionMessageLifetimeUsingBlockhash(lifetime, x), (x) => appendTransactionMessageInstructions(instructions, x))
  const bytes = new Uint8Array(getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(m)))
  const reads: string[] = []
  const rows = await describeSolanaMessage(bytes, async () => undefined, splTokenReader(async (a) => (reads.push(a), accounts.get(a))))
  return { rows, reads }
}
const mintData = (decimals: number) => new Uint8Array(getMintEncoder().encode({ mintAuthority: null, supply: 10n ** 12n, decimals, isInitialized: true, freezeAuthority: null }))
const tokenData = (mint: Address, owner: Address) => new Uint8Array(getTokenEncoder().encode({ mint, owner, amount: 5n * 10n ** 6n, delegate: null, state: AccountState.Initialized, isNative: null, delegatedAmount: 0n, closeAuthority: null }))
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))
const u32 = (n: number) => new Uint8Array([n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24])
const u16 = (n: number) => new Uint8Array([n & 255, n >> 8])
const borsh = (s: string) => { const b = new TextEncoder().encode(s); return concat(u32(b.length), b) }
/** A Token-2022 mint with the token-metadata extension (type 19) in its TLV area. */
function mint2022(mint: Address, decimals: number, name: string, symbol: string) {
  const value = concat(new Uint8Array(32), new Uint8Array(addr.encode(mint)), borsh(name), borsh(symbol), borsh('https://token.example/meta.json'), u32(0))
  return concat(mintData(decimals), new Uint8Array(165 - 82), new Uint8Array([1]), u16(19), u16(value.length), value)
}
/** A Metaplex metadata account: key 4, update authority, mint, name padded to 32, symbol padded to 10. */
const metaplex = (mint: Address, name: string, symbol: string) => concat(new Uint8Array([4]), new Uint8Array(32), new Uint8Array(addr.encode(mint)),
  borsh(name.padEnd(32, '\0')), borsh(symbol.padEnd(10, '\0')), borsh('https://token.example'.padEnd(200, '\0')))
const rowsOf = (rows: [string, string][], key: string) => rows.filter(([k]) => k === key).map(([, v]) => v)

async function keys(n: number) {
  return (await Promise.all(Array.from({ length: n }, generateKeyPairSigner))).map((k) => k.address)
}

test('Transfer: the source account → its mint → 6 decimals; without metadata the amount has no symbol; each account read once', async () => {
  const [owner, source, dest, mint] = await keys(4)
  const accounts = new Map<string, RawAccount>([[source!, { owner: TOKEN, data: tokenData(mint!, owner!) }], [mint!, { owner: TOKEN, data: mintData(6) }]])
  const { rows, reads } = await describe([
    getTransferInstruction({ source: source!, destination: dest!, authority: createNoopSigner(owner!), amount: 1_500_000n }),
    getTransferInstruction({ source: source!, destination: dest!, authority: createNoopSigner(owner!), amount: 2n }),
    // A transfer is never "unlimited": its amount is what moves.
    getTransferInstruction({ source: source!, destination: dest!, authority: createNoopSigner(owner!), amount: 2n ** 64n - 1n }),
  ], owner!, accounts)
  assert.equal(rowsOf(rows, 'Amount'), ['1.5', '0.000002', '18446744073709.551615'])
  assert.equal(rowsOf(rows, 'Mint'), [mint, mint, mint])
  assert.is(reads.filter((a) => a === source).length, 1)
  assert.is(reads.filter((a) => a === mint).length, 1)
})

test('Approve of u64::MAX is "unlimited", with the Token-2022 metadata symbol; Transfer shows "1.5 PYUSD"', async () => {
  const [owner, source, dest, mint, delegate] = await keys(5)
  const accounts = new Map<string, RawAccount>([
    [source!, { owner: TOKEN_2022, data: concat(tokenData(mint!, owner!), new Uint8Array([2])) }],
    [mint!, { owner: TOKEN_2022, data: mint2022(mint!, 6, 'PayPal USD', 'PYUSD') }],
  ])
  const o = createNoopSigner(owner!)
  const program = { programAddress: TOKEN_2022 as Address }
  const { rows } = await describe([
    getApproveInstruction({ source: source!, delegate: delegate!, owner: o, amount: 2n ** 64n - 1n }, program),
    getTransferInstruction({ source: source!, destination: dest!, authority: o, amount: 1_500_000n }, program),
  ], owner!, accounts)
  assert.equal(rowsOf(rows, 'Instruction 1'), ['Token-2022 approve'])
  assert.equal(rowsOf(rows, 'Amount'), ['unlimited PYUSD', '1.5 PYUSD'])
  assert.equal(rowsOf(rows, 'Mint'), [`PYUSD (${mint})`, `PYUSD (${mint})`])
})

test('the Metaplex metadata account names the symbol of a Token mint; transferChecked shows it too', async () => {
  const [owner, source, dest, mint] = await keys(4)
  const [pda] = await getProgramDerivedAddress({ programAddress: METAPLEX, seeds: ['metadata', addr.encode(METAPLEX), addr.encode(mint!)] })
  const accounts = new Map<string, RawAccount>([
    [source!, { owner: TOKEN, data: tokenData(mint!, owner!) }], [mint!, { owner: TOKEN, data: mintData(6) }],
    [pda, { owner: METAPLEX, data: metaplex(mint!, 'USD Coin', 'USDC\u202e') }],
  ])
  const o = createNoopSigner(owner!)
  const { rows } = await describe([
    getTransferInstruction({ source: source!, destination: dest!, authority: o, amount: 12_345_678n }),
    getTransferCheckedInstruction({ source: source!, mint: mint!, destination: dest!, authority: o, amount: 250_000n, decimals: 6 }),
  ], owner!, accounts)
  assert.equal(rowsOf(rows, 'Amount'), ['12.345678 USDC', '0.25 USDC'])
  assert.equal(rowsOf(rows, 'Mint'), [`USDC (${mint})`, `USDC (${mint})`])
  // Metadata for another mint at that address, or owned by another program, names nothing.
  accounts.set(pda, { owner: TOKEN, data: metaplex(mint!, 'USD Coin', 'USDC') })
  const other = await describe([getTransferInstruction({ source: source!, destination: dest!, authority: o, amount: 1n })], owner!, accounts)
  assert.equal(rowsOf(other.rows, 'Amount'), ['0.000001'])
})

test("unreadable account, a mint of another program, a token account that is not one: base units under a plain note", async () => {
  const [owner, source, dest, mint, delegate] = await keys(5)
  const o = createNoopSigner(owner!)
  const ixs = [
    getTransferInstruction({ source: source!, destination: dest!, authority: o, amount: 1_500_000n }),
    getApproveInstruction({ source: source!, delegate: delegate!, owner: o, amount: 2n ** 64n - 1n }),
  ]
  const cases = new Map<string, Map<string, RawAccount>>([
    ['nothing readable', new Map()],
    ['mint of Token-2022 for a Token account', new Map([[source!, { owner: TOKEN, data: tokenData(mint!, owner!) }], [mint!, { owner: TOKEN_2022, data: mintData(6) }]])],
    ['a mint where the token account should be', new Map([[source!, { owner: TOKEN, data: mintData(6) }]])],
    ['an uninitialized mint', new Map([[source!, { owner: TOKEN, data: tokenData(mint!, owner!) }], [mint!, { owner: TOKEN, data: mintData(6).map((b, i) => (i === 45 ? 0 : b)) }]])],
  ])
  for (const [name, accounts] of cases) {
    const { rows } = await describe(ixs, owner!, accounts)
    assert.equal(rowsOf(rows, 'Amount'), [`1500000 ${DECIMALS_UNREAD}`, 'unlimited'], name)
    assert.equal(rowsOf(rows, 'Mint'), ['unknown (the token account could not be read)', 'unknown (the token account could not be read)'], name)
  }
  // A reader that throws is no different from one that finds nothing.
  const failing = splTokenReader(async () => { throw new Error('rpc down') })
  assert.is(await failing.ofAccount(source!), undefined)
})

test.run()
