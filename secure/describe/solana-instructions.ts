// A Solana transaction message as the approval shows it: System transfers, SPL Token (and
// Token-2022) transfer, transferChecked, approve, approveChecked, setAuthority and closeAccount
// decoded, amounts in the mint's decimals with its symbol where the chain gives one; accounts from
// address lookup tables resolved through the RPC (named as such when a table cannot be read, never
// `undefined`); any other program by its address and data.
import { getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import type { Row } from './evm-calls'
import { TOKEN_PROGRAMS, type AccountFetcher, type MintFacts, type SplTokenReader } from './solana-tokens'

/** A lookup table's addresses, or undefined when it cannot be read. */
export type LookupTables = (table: string) => Promise<string[] | undefined>

const SYSTEM = '11111111111111111111111111111111'
const AUTHORITY_TYPES = ['mint tokens', 'freeze accounts', 'account owner', 'close the account']
const U64_UNLIMITED = 2n ** 63n

const u64 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(at, true)
/** What a Transfer or Approve amount reads as when its token account or mint cannot be read. */
export const DECIMALS_UNREAD = "base units (the token's decimals could not be read)"
/** An amount in its decimals; an allowance so large no balance reaches it (from 2^63, u64::MAX included) is "unlimited". */
function amount(raw: bigint, decimals: number, symbol?: string, allowance = false): string {
  const unit = symbol ? ` ${symbol}` : ''
  if (allowance && raw >= U64_UNLIMITED) return `unlimited${unit}`
  const s = raw.toString().padStart(decimals + 1, '0')
  return `${decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}`.replace(/\.?0+$/, '') : s}${unit}`
}
/** An amount of the account's token: in the mint's decimals, else in base units under a plain note. */
const accountAmount = (raw: bigint, facts: MintFacts | undefined, allowance: boolean) =>
  facts ? amount(raw, facts.decimals, facts.symbol, allowance) : allowance && raw >= U64_UNLIMITED ? 'unlimited' : `${raw} ${DECIMALS_UNREAD}`
const mintRow = (mint: string, facts: MintFacts | undefined): Row => ['Mint', facts?.symbol ? `${facts.symbol} (${mint})` : mint]

/** True when the bytes are a whole transaction or transaction message (a signature over them could be sent). */
export function isTransactionMessage(bytes: Uint8Array): boolean {
  for (const decoder of [getCompiledTransactionMessageDecoder(), getTransactionDecoder()]) {
    try {
      const [value, end] = decoder.read(bytes, 0)
      if (end !== bytes.length) continue
      const message = 'messageBytes' in value ? getCompiledTransactionMessageDecoder().decode(value.messageBytes) : value
      if (message.header.numSignerAccounts >= 1 && message.staticAccounts.length >= message.header.numSignerAccounts) return true
    } catch {
      // not this shape
    }
  }
  return false
}

/** Static accounts, then each table's writable, then each table's read-only accounts: the order instructions index. */
async function accountList(message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>, tables: LookupTables): Promise<string[]> {
  const list: string[] = [...message.staticAccounts]
  const lookups = 'addressTableLookups' in message ? message.addressTableLookups ?? [] : []
  const loaded = await Promise.all(lookups.map((l) => tables(l.lookupTableAddress).catch(() => undefined)))
  const pick = (i: number, index: number) => loaded[i]?.[index] ?? `entry ${index} of lookup table ${lookups[i]!.lookupTableAddress} (unreadable)`
  lookups.forEach((l, i) => l.writableIndexes.forEach((index) => list.push(pick(i, index))))
  lookups.forEach((l, i) => l.readonlyIndexes.forEach((index) => list.push(pick(i, index))))
  return list
}

async function tokenInstruction(kind: string, data: Uint8Array, acc: (n: number) => string, tokens: SplTokenReader): Promise<Row[] | undefined> {
  const tag = data[0]
  // Transfer and Approve carry no decimals: the source account's mint says what the amount is.
  if ((tag === 3 || tag === 4) && data.length >= 9) {
    const facts = await tokens.ofAccount(acc(0))
    const token = facts ? mintRow(facts.mint, facts) : ['Mint', "unknown (the token account could not be read)"] as Row
    if (tag === 3) return [['', `${kind} transfer`], token, ['From', acc(0)], ['To', acc(1)], ['Owner', acc(2)], ['Amount', accountAmount(u64(data, 1), facts, false)]]
    return [['', `${kind} approve`], token, ['Account', acc(0)], ['Delegate', acc(1)], ['Owner', acc(2)], ['Amount', accountAmount(u64(data, 1), facts, true)]]
  }
  // The checked forms carry the decimals the program enforces; the symbol is the mint's, if known.
  if ((tag === 12 || tag === 13) && data.length >= 10) {
    const facts = await tokens.ofMint(acc(1))
    const shown = amount(u64(data, 1), data[9]!, facts?.decimals === data[9] ? facts?.symbol : undefined, tag === 13)
    if (tag === 12) return [['', `${kind} transfer`], mintRow(acc(1), facts), ['From', acc(0)], ['To', acc(2)], ['Owner', acc(3)], ['Amount', shown]]
    return [['', `${kind} approve`], mintRow(acc(1), facts), ['Account', acc(0)], ['Delegate', acc(2)], ['Owner', acc(3)], ['Amount', shown]]
  }
  if (tag === 6 && data.length >= 3) {
    const next = data[2] === 1 && data.length >= 35 ? getBase58Decoder().decode(data.slice(3, 35)) : 'nobody (removed for good)'
    return [['', `${kind} set authority`], ['Account', acc(0)], ['Authority over', AUTHORITY_TYPES[data[1]!] ?? `type ${data[1]}`], ['Current authority', acc(1)], ['New authority', next]]
  }
  if (tag === 9) return [['', `${kind} close account`], ['Account', acc(0)], ['Rent to', acc(1)], ['Owner', acc(2)]]
  return undefined
}

const noTokens: SplTokenReader = { ofAccount: async () => undefined, ofMint: async () => undefined }

/** The rows of every instruction of a transaction message. */
export async function describeSolanaMessage(messageBytes: Uint8Array, tables: LookupTables, tokens = noTokens): Promise<Row[]> {
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  if (!('instructions' in message)) return [['Transaction', `version ${message.version} (not decoded)`]]
  const accounts = await accountList(message, tables)
  const each = await Promise.all(message.instructions.map(async (ix, i): Promise<Row[]> => {
    const label = `Instruction ${i + 1}`
    const program = accounts[ix.programAddressIndex] ?? `account ${ix.programAddressIndex} (missing)`
    const data = new Uint8Array(ix.data ?? [])
    const acc = (n: number) => {
      const index = ix.accountIndices?.[n]
      return index === undefined ? '(missing)' : accounts[index] ?? `account ${index} (missing)`
    }
    let rows: Row[] | undefined
    if (program === SYSTEM && data.length === 12 && data[0] === 2) rows = [['', `Transfer ${amount(u64(data, 4), 9)} SOL to ${acc(1)}`], ['From', acc(0)]]
    else if (TOKEN_PROGRAMS[program]) rows = await tokenInstruction(TOKEN_PROGRAMS[program]!, data, acc, tokens)
    if (rows) return [[label, rows[0]![1]], ...rows.slice(1)]
    return [[label, `Program ${program}`], ['Data', data.length ? bytesToHex(data) : '(none)']]
  }))
  return each.flat()
}

/** Lookup tables read through the frame's RPC: the table's addresses after its 56-byte header. */
export function rpcLookupTables(fetchAccount: AccountFetcher): LookupTables {
  return async (table) => {
    const value = await fetchAccount(table)
    if (value?.owner !== 'AddressLookupTab1e1111111111111111111111111') return undefined
    const addresses: string[] = []
    for (let at = 56; at + 32 <= value.data.length; at += 32) addresses.push(getBase58Decoder().decode(value.data.slice(at, at + 32)))
    return addresses
  }
}
