// The "Storage" contract of Remix's template (store(uint256), retrieve() returns uint256), which
// AppKit's smart-session example reads and writes on Base Sepolia: the same behaviour in 26 bytes
// of hand-written runtime code, put at an address on a local chain with anvil_setCode. A call with
// an argument word stores it in slot 0; any shorter call returns slot 0.
import { parseAbi, type Address } from 'viem'

// CALLDATASIZE, 36 > it? → read; else SSTORE(0, CALLDATALOAD(4)), STOP; read: MSTORE(0, SLOAD(0)), RETURN(0, 32).
export const STORAGE_RUNTIME = '0x36602411600e57600435600055005b60005460005260206000f3' as const

export const storageAbi = parseAbi(['function store(uint256 num)', 'function retrieve() view returns (uint256)'])

/** Puts the contract's code at `address` on the anvil node at `rpcUrl`. */
export async function placeStorage(rpcUrl: string, address: Address): Promise<void> {
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [address, STORAGE_RUNTIME] }) })
  const body = (await res.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`anvil_setCode: ${body.error.message}`)
}
