import { mnemonicToPrivateKey, type KeyPair } from '@ton/crypto'
import { WalletContractV4 } from '@ton/ton'
import { DEMO_MNEMONIC } from '../chains/anvil.ts'

// The demo TON wallet: a v4R2 wallet contract on the demo mnemonic's key (TON's own derivation).
// The local ledger funds it at start; the WalletConnect test wallet signs with it.

export interface TonWallet {
  key: KeyPair
  contract: WalletContractV4
}

export async function demoTonWallet(mnemonic = DEMO_MNEMONIC): Promise<TonWallet> {
  const key = await mnemonicToPrivateKey(mnemonic.split(' '))
  return { key, contract: WalletContractV4.create({ workchain: 0, publicKey: key.publicKey }) }
}
