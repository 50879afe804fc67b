const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** EVM: 40 hex digits with an optional 0x prefix (checksums are viem's job when strict). */
export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS.test(value)
}

/** Solana: 32 to 44 base58 characters. */
export function isSolanaAddress(value: string): boolean {
  return BASE58.test(value)
}

/** 0x1234…abcd: keeps both ends so a person can compare with their wallet. */
export function truncateAddress(address: string, head = 4, tail = 4): string {
  const prefix = address.startsWith('0x') ? 2 : 0
  if (address.length <= prefix + head + tail + 1) return address
  return `${address.slice(0, prefix + head)}…${address.slice(-tail)}`
}
