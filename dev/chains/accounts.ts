import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { DEMO_MNEMONIC } from './anvil.ts'

/** How many demo accounts anvil prefunds and unlocks (its default). */
export const DEMO_ACCOUNT_COUNT = 10

/**
 * The token deployer: the demo mnemonic's account 10, which anvil neither funds nor unlocks,
 * so its nonce is 0 on a fresh chain and the token lands at the same address everywhere.
 */
export const DEPLOYER_INDEX = 10

// HD derivation costs ~20 ms per account in JS, so derive once per process.
const cache = new Map<number, HDAccount>()

export function demoAccount(index: number): HDAccount {
  let account = cache.get(index)
  if (!account) {
    account = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: index })
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
