import { freePort } from '../lib/ports.ts'
import { createGenesis } from './genesis.ts'
import { Ledger } from './ledger.ts'
import { startRpcServer } from './server.ts'

export { DEMO_TOKEN, LAMPORTS_PER_SOL, DEMO_SOL_PER_ACCOUNT } from './genesis.ts'
export { demoKeypairs, DEMO_SOLANA_ACCOUNT_COUNT } from './keys.ts'

/** The Wallet Standard chain id of this ledger. */
export const LOCAL_SOLANA_CHAIN = 'solana:localnet'

export interface LocalSolanaAccount {
  address: string
  /** 64 bytes: ed25519 seed followed by the public key (Solana's keypair file layout). */
  secretKey: Uint8Array
}

export interface LocalSolana {
  rpcUrl: string
  accounts: LocalSolanaAccount[]
  /** The demo SPL token mint (6 decimals, see DEMO_TOKEN). */
  mint: string
  genesisHash: string
  stop(): Promise<void>
}

/**
 * Starts litesvm behind a Solana JSON-RPC server on 127.0.0.1: demo accounts with 100 SOL each
 * and 1,000 demo tokens each in their associated token accounts.
 */
export async function startSolana(opts: { port?: number; accountCount?: number } = {}): Promise<LocalSolana> {
  const ledger = new Ledger()
  const genesis = await createGenesis(ledger, opts.accountCount)
  const server = await startRpcServer({ ledger, faucet: genesis.faucet.signer }, opts.port ?? (await freePort()))
  return {
    rpcUrl: server.url,
    accounts: genesis.accounts.map(({ signer, secretKey }) => ({ address: signer.address, secretKey })),
    mint: genesis.mint,
    genesisHash: ledger.genesisHash,
    stop: () => server.stop(),
  }
}

