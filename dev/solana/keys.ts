import { createHash } from 'node:crypto'
import { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder, type KeyPairSigner } from '@solana/kit'

/** How many demo accounts the local ledger funds. */
export const DEMO_SOLANA_ACCOUNT_COUNT = 5

/**
 * Fixed labels whose SHA-256 is an ed25519 seed: the same keys on every machine and every run,
 * like the EVM demo mnemonic. Never use these anywhere real.
 */
const DEMO_SEED_LABEL = 'postern local solana demo account'
const FAUCET_SEED_LABEL = 'postern local solana faucet'
const MINT_SEED_LABEL = 'postern local solana usdc mint'

export interface DemoKeypair {
  signer: KeyPairSigner
  /** Solana's 64-byte secret key layout: 32-byte seed followed by the 32-byte public key. */
  secretKey: Uint8Array
}

function seedFor(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

async function keypairFromSeed(seed: Uint8Array): Promise<DemoKeypair> {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed)
  const secretKey = new Uint8Array(64)
  secretKey.set(seed, 0)
  secretKey.set(getAddressEncoder().encode(signer.address), 32)
  return { signer, secretKey }
}

/** The demo accounts, in a fixed order. */
export function demoKeypairs(count = DEMO_SOLANA_ACCOUNT_COUNT): Promise<DemoKeypair[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => keypairFromSeed(seedFor(`${DEMO_SEED_LABEL} ${i}`))))
}

/** Pays for set-up and airdrops; also the token's mint authority. */
export function faucetKeypair(): Promise<DemoKeypair> {
  return keypairFromSeed(seedFor(FAUCET_SEED_LABEL))
}

/** The SPL mint's own keypair (its address is the mint address). */
export function mintKeypair(): Promise<DemoKeypair> {
  return keypairFromSeed(seedFor(MINT_SEED_LABEL))
}
