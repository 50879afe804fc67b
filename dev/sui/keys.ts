import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { DEMO_MNEMONIC } from '../chains/anvil.ts'

// The demo Sui account: the demo mnemonic's first ed25519 key on Sui's derivation path
// (SLIP-0010, coin type 784). The local node funds it at start; the WalletConnect test wallet signs with it.

const SUI_PATH = "m/44'/784'/0'/0'/0'"

export function demoSuiKeypair(mnemonic = DEMO_MNEMONIC): Ed25519Keypair {
  return Ed25519Keypair.deriveKeypair(mnemonic, SUI_PATH)
}
