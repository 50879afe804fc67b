// What an SPL amount means: its mint's decimals and, where the chain says, its symbol (Token-2022's
// metadata extension in the mint, else the Metaplex metadata account), read through the RPC the
// frame uses. Transfer and Approve name only token accounts: the account's mint is read first.
import { getAddressEncoder, getBase58Decoder, getProgramDerivedAddress, type Address } from '@solana/kit'
import { cleanSymbol } from './amount'

export interface MintFacts { mint: string; decimals: number; symbol?: string }
/** A token account's mint, or a mint, as the chain has it; undefined when it cannot be read. */
export interface SplTokenReader {
  ofAccount(tokenAccount: string): Promise<MintFacts | undefined>
  ofMint(mint: string): Promise<MintFacts | undefined>
}
export type RawAccount = { owner: string; data: Uint8Array }
/** One account's owner program and data, or undefined when it does not exist or cannot be read. */
export type AccountFetcher = (address: string) => Promise<RawAccount | undefined>

export const TOKEN_PROGRAMS: Record<string, string> = { TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token', TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022' }
const METAPLEX = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s' as Address
// SPL layouts (Token and Token-2022 alike): a 165-byte account whose mint is its first 32 bytes and
// whose state is byte 108; an 82-byte mint with decimals at 44 and is_initialized at 45. Token-2022
// extends either with a type byte at 165 (1 mint, 2 account) and type-length-value extensions.
const ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const TOKEN_METADATA = 19
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const b58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const u16 = (d: Uint8Array, at: number) => d[at]! | (d[at + 1]! << 8)
const u32 = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset).getUint32(at, true)

/** The mint of an initialized token account. */
export function tokenAccountMint(account: RawAccount): string | undefined {
  const d = account.data
  if (!TOKEN_PROGRAMS[account.owner] || d.length < ACCOUNT_SIZE || (d.length > ACCOUNT_SIZE && d[ACCOUNT_SIZE] !== 2) || d[108] === 0) return undefined
  return b58(d.subarray(0, 32))
}

/** The two borsh strings (name, symbol) at `at`: the symbol, or undefined when they do not fit. */
function symbolAt(d: Uint8Array, at: number): string | undefined {
  if (at + 4 > d.length) return undefined
  const symbolAt = at + 4 + u32(d, at)
  if (symbolAt + 4 > d.length || symbolAt + 4 + u32(d, symbolAt) > d.length) return undefined
  return cleanSymbol(new TextDecoder().decode(d.subarray(symbolAt + 4, symbolAt + 4 + u32(d, symbolAt))).replace(/\0+$/, ''))
}

/** Token-2022's metadata extension in the mint: update authority, mint, then name and symbol. */
function extensionSymbol(d: Uint8Array, mint: string): string | undefined {
  for (let at = ACCOUNT_SIZE + 1; at + 4 <= d.length;) {
    const type = u16(d, at)
    const length = u16(d, at + 2)
    if (type === 0) return undefined
    const value = d.subarray(at + 4, at + 4 + length)
    if (type === TOKEN_METADATA && value.length >= 64 && b58(value.subarray(32, 64)) === mint) return symbolAt(value, 64)
    at += 4 + length
  }
  return undefined
}

/** Decimals and symbol of an initialized mint of a token program. */
export function mintFacts(mint: string, account: RawAccount): MintFacts | undefined {
  const d = account.data
  if (!TOKEN_PROGRAMS[account.owner] || d.length < MINT_SIZE || d.length === ACCOUNT_SIZE || (d.length > MINT_SIZE && d[ACCOUNT_SIZE] !== 1) || d[45] !== 1) return undefined
  const symbol = d.length > ACCOUNT_SIZE ? extensionSymbol(d, mint) : undefined
  return { mint, decimals: d[44]!, ...(symbol && { symbol }) }
}

/** The symbol a Metaplex metadata account gives the mint (key, update authority, mint, name, symbol). */
export function metaplexSymbol(mint: string, account: RawAccount): string | undefined {
  const d = account.data
  if (account.owner !== METAPLEX || d.length < 65 || b58(d.subarray(33, 65)) !== mint) return undefined
  return symbolAt(d, 65)
}

/** Token facts through `fetch`, each account read at most once per reader (one approval). */
export function splTokenReader(fetch: AccountFetcher): SplTokenReader {
  const reads = new Map<string, Promise<RawAccount | undefined>>()
  const read = (address: string) => {
    if (!ADDRESS.test(address)) return Promise.resolve(undefined)
    let account = reads.get(address)
    if (!account) reads.set(address, (account = fetch(address).catch(() => undefined)))
    return account
  }
  const ofMint = async (mint: string, program?: string) => {
    const account = await read(mint)
    // A token account's mint must belong to the account's own token program.
    const found = account && (program === undefined || account.owner === program) ? mintFacts(mint, account) : undefined
    if (!found || found.symbol) return found
    const encoder = getAddressEncoder()
    const [pda] = await getProgramDerivedAddress({ programAddress: METAPLEX, seeds: ['metadata', encoder.encode(METAPLEX), encoder.encode(mint as Address)] })
    const metadata = await read(pda)
    const symbol = metadata && metaplexSymbol(mint, metadata)
    return symbol ? { ...found, symbol } : found
  }
  return {
    ofMint: (mint) => ofMint(mint),
    async ofAccount(tokenAccount) {
      const account = await read(tokenAccount)
      const mint = account && tokenAccountMint(account)
      return account && mint ? ofMint(mint, account.owner) : undefined
    },
  }
}

/** Accounts read with getAccountInfo (base64) from the frame's RPC, waiting at most 10 s. */
export function rpcAccounts(rpcUrl: string | undefined): AccountFetcher {
  return async (address) => {
    if (!rpcUrl) return undefined
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(10_000),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [address, { encoding: 'base64' }] }) })
    const json = await res.json() as { result?: { value?: { owner?: unknown; data?: unknown } | null } }
    const value = json.result?.value
    if (!value || typeof value.owner !== 'string' || !Array.isArray(value.data) || typeof value.data[0] !== 'string') return undefined
    return { owner: value.owner, data: Uint8Array.from(atob(value.data[0]), (c) => c.charCodeAt(0)) }
  }
}
