import { address, isSome, type Address, type EncodedAccount, type Option } from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS, type Mint, type Token } from '@solana-program/token'
import { f64 } from './json.ts'

/** SPL Token and Token-2022 share the base layouts (165-byte accounts, 82-byte mints). */
export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const TOKEN_PROGRAMS: readonly Address[] = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
// Token-2022 tags extended accounts with a type byte right after the base account layout.
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

export interface AccountReader {
  account(address: Address): EncodedAccount | null
}

export function isTokenProgram(program: Address): boolean {
  return TOKEN_PROGRAMS.includes(program)
}

export function decodeTokenAccount(account: EncodedAccount): Token | null {
  if (!isTokenProgram(account.programAddress)) return null
  const data = account.data
  if (data.length < TOKEN_ACCOUNT_SIZE) return null
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_ACCOUNT) return null
  const token = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE))
  return token.state === AccountState.Uninitialized ? null : token
}

export function decodeMint(account: EncodedAccount): Mint | null {
  if (!isTokenProgram(account.programAddress)) return null
  const data = account.data
  if (data.length === TOKEN_ACCOUNT_SIZE || data.length < MINT_SIZE) return null
  if (data.length > MINT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_MINT) return null
  const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
  return mint.isInitialized ? mint : null
}

export function mintDecimals(reader: AccountReader, mintAddress: Address): number {
  const account = reader.account(mintAddress)
  const mint = account ? decodeMint(account) : null
  return mint?.decimals ?? 0
}

/** Solana's `real_number_string_trimmed`: 1000000000 with 6 decimals is "1000". */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** The RPC's `UiTokenAmount`. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: f64(Number(amount) / 10 ** decimals),
    uiAmountString: uiAmountString(amount, decimals),
  }
}

function optionalAddress(option: Option<Address>): Address | null {
  return isSome(option) ? option.value : null
}

function programName(program: Address): string {
  return program === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022'
}

function parsedTokenAccount(token: Token, decimals: number) {
  const delegate = optionalAddress(token.delegate)
  const closeAuthority = optionalAddress(token.closeAuthority)
  return {
    isNative: isSome(token.isNative),
    mint: token.mint,
    owner: token.owner,
    state: token.state === AccountState.Frozen ? 'frozen' : 'initialized',
    tokenAmount: uiTokenAmount(token.amount, decimals),
    ...(delegate ? { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) } : {}),
    ...(closeAuthority ? { closeAuthority } : {}),
    ...(isSome(token.isNative) ? { rentExemptReserve: uiTokenAmount(token.isNative.value, decimals) } : {}),
  }
}

function parsedMint(mint: Mint) {
  return {
    decimals: mint.decimals,
    freezeAuthority: optionalAddress(mint.freezeAuthority),
    isInitialized: mint.isInitialized,
    mintAuthority: optionalAddress(mint.mintAuthority),
    supply: mint.supply.toString(),
  }
}

/** The `jsonParsed` data of a token account or mint; null for anything else (the RPC then falls back to base64). */
export function parseTokenProgramAccount(reader: AccountReader, account: EncodedAccount): unknown {
  const token = decodeTokenAccount(account)
  const program = programName(account.programAddress)
  if (token) {
    const info = parsedTokenAccount(token, mintDecimals(reader, token.mint))
    return { parsed: { info, type: 'account' }, program, space: account.space }
  }
  const mint = decodeMint(account)
  if (mint) return { parsed: { info: parsedMint(mint), type: 'mint' }, program, space: account.space }
  return null
}
