import { pbkdf2Sync } from 'node:crypto'
import { HDKey, hdKeyToAccount, type HDAccount } from 'viem/accounts'
import { DEMO_MNEMONIC } from './anvil.ts'

/** How many demo accounts anvil prefunds and unlocks (its default). */
export const DEMO_ACCOUNT_COUNT = 10

/**
 * The token deployer: the demo mnemonic's account 10, which anvil neither funds nor unlocks,
 * so its nonce is 0 on a fresh chain and the token lands at the same address everywhere.
 */
export const DEPLOYER_INDEX = 10

// viem's mnemonicToAccount recomputes the BIP-39 seed in JS for every account (~20 ms each, far
// more on a busy CI core). The seed is the same PBKDF2 (2048 rounds of HMAC-SHA512, salt
// "mnemonic") done once by node:crypto; viem's own HD derivation (m/44'/60'/0'/0/i) does the rest,
// so every account equals mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: i }).
let root: HDKey | undefined
const cache = new Map<number, HDAccount>()

export function demoAccount(index: number): HDAccount {
  let account = cache.get(index)
  if (!account) {
    root ??= HDKey.fromMasterSeed(pbkdf2Sync(DEMO_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))
    account = hdKeyToAccount(root, { addressIndex: index })
    cache.set(index, account)
  }
  return account
}

/** The first 10 addresses of the demo mnemonic (the accounts anvil unlocks). */
export function demoAddresses(): `0x${string}`[] {
  return Array.from({ length: DEMO_ACCOUNT_COUNT }, (_, i) => demoAccount(i).address)
}

export function deployerAccount(): HDAccount {
  return demoAccount(DEPLOYER_INDEX)
}
