// A Solana transaction message as the approval shows it: System transfers, SPL Token (and
// Token-2022) transfer, transferChecked, approve, approveChecked, setAuthority and closeAccount
// decoded; accounts from address lookup tables resolved through the RPC (named as such when a
// table cannot be read, never `undefined`); any other program by its address and data.
import { getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import type { Row } from './evm-calls'

/** A lookup table's addresses, or undefined when it cannot be read. */
export type LookupTables = (table: string) => Promise<string[] | undefined>

const SYSTEM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS: Record<string, string> = { TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token', TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022' }
const AUTHORITY_TYPES = ['mint tokens', 'freeze accounts', 'account owner', 'close the account']
const U64_UNLIMITED = 2n ** 63n

const u64 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(at, true)
function amount(raw: bigint, decimals?: number): string {
  if (raw >= U64_UNLIMITED) return 'unlimited'
  if (decimals === undefined) return `${raw} (base units)`
  const s = raw.toString().padStart(decimals + 1, '0')
  return decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}`.replace(/\.?0+$/, '') : s
}

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

function tokenInstruction(kind: string, data: Uint8Array, acc: (n: number) => string): Row[] | undefined {
  const tag = data[0]
  if (tag === 3 && data.length >= 9) return [['', `${kind} transfer`], ['From', acc(0)], ['To', acc(1)], ['Owner', acc(2)], ['Amount', amount(u64(data, 1))]]
  if (tag === 12 && data.length >= 10) return [['', `${kind} transfer`], ['Mint', acc(1)], ['From', acc(0)], ['To', acc(2)], ['Owner', acc(3)], ['Amount', amount(u64(data, 1), data[9])]]
  if (tag === 4 && data.length >= 9) return [['', `${kind} approve`], ['Account', acc(0)], ['Delegate', acc(1)], ['Owner', acc(2)], ['Amount', amount(u64(data, 1))]]
  if (tag === 13 && data.length >= 10) return [['', `${kind} approve`], ['Mint', acc(1)], ['Account', acc(0)], ['Delegate', acc(2)], ['Owner', acc(3)], ['Amount', amount(u64(data, 1), data[9])]]
  if (tag === 6 && data.length >= 3) {
    const next = data[2] === 1 && data.length >= 35 ? getBase58Decoder().decode(data.slice(3, 35)) : 'nobody (removed for good)'
    return [['', `${kind} set authority`], ['Account', acc(0)], ['Authority over', AUTHORITY_TYPES[data[1]!] ?? `type ${data[1]}`], ['Current authority', acc(1)], ['New authority', next]]
  }
  if (tag === 9) return [['', `${kind} close account`], ['Account', acc(0)], ['Rent to', acc(1)], ['Owner', acc(2)]]
  return undefined
}

/** The rows of every instruction of a transaction message. */
export async function describeSolanaMessage(messageBytes: Uint8Array, tables: LookupTables): Promise<Row[]> {
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  if (!('instructions' in message)) return [['Transaction', `version ${message.version} (not decoded)`]]
  const accounts = await accountList(message, tables)
  return message.instructions.flatMap((ix, i): Row[] => {
    const label = `Instruction ${i + 1}`
    const program = accounts[ix.programAddressIndex] ?? `account ${ix.programAddressIndex} (missing)`
    const data = new Uint8Array(ix.data ?? [])
    const acc = (n: number) => {
      const index = ix.accountIndices?.[n]
      return index === undefined ? '(missing)' : accounts[index] ?? `account ${index} (missing)`
    }
    let rows: Row[] | undefined
    if (program === SYSTEM && data.length === 12 && data[0] === 2) rows = [['', `Transfer ${amount(u64(data, 4), 9)} SOL to ${acc(1)}`], ['From', acc(0)]]
    else if (TOKEN_PROGRAMS[program]) rows = tokenInstruction(TOKEN_PROGRAMS[program]!, data, acc)
    if (rows) return [[label, rows[0]![1]], ...rows.slice(1)]
    return [[label, `Program ${program}`], ['Data', data.length ? bytesToHex(data) : '(none)']]
  })
}

/** Lookup tables read with getAccountInfo: the table's addresses after its 56-byte header. */
export function rpcLookupTables(rpcUrl: string | undefined): LookupTables {
  return async (table) => {
    if (!rpcUrl) return undefined
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [table, { encoding: 'base64' }] }) })
    const json = await res.json() as { result?: { value?: { owner?: string; data?: [string, string] } | null } }
    const value = json.result?.value
    if (value?.owner !== 'AddressLookupTab1e1111111111111111111111111' || !value.data) return undefined
    const bytes = Uint8Array.from(atob(value.data[0]), (c) => c.charCodeAt(0))
    const addresses: string[] = []
    for (let at = 56; at + 32 <= bytes.length; at += 32) addresses.push(getBase58Decoder().decode(bytes.slice(at, at + 32)))
    return addresses
  }
}
