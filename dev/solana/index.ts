import { createGenesis } from './genesis.ts'
import { Ledger } from './ledger.ts'
import { loadLedger, newGenesisHash, persistLedger } from './persist.ts'
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
 * and 1,000 demo tokens each in their associated token accounts. With `stateDir` the ledger
 * (accounts, history, slot, demo keys) is loaded from there if it was saved before, and saved
 * there while it runs and on stop.
 */
export async function startSolana(opts: { port?: number; accountCount?: number; stateDir?: string } = {}): Promise<LocalSolana> {
  const restored = opts.stateDir ? await loadLedger(opts.stateDir) : undefined
  const ledger = restored?.ledger ?? new Ledger({ genesisHash: opts.stateDir ? newGenesisHash() : undefined })
  const genesis = restored?.genesis ?? (await createGenesis(ledger, opts.accountCount))
  const saver = opts.stateDir ? persistLedger(ledger, genesis, opts.stateDir) : undefined
  const server = await startRpcServer({ ledger, faucet: genesis.faucet.signer }, opts.port ?? 0).catch(async (error: unknown) => {
    await saver?.stop()
    throw error
  })
  return {
    rpcUrl: server.url,
    accounts: genesis.accounts.map(({ signer, secretKey }) => ({ address: signer.address, secretKey })),
    mint: genesis.mint,
    genesisHash: ledger.genesisHash,
    stop: async () => {
      await server.stop()
      await saver?.stop()
    },
  }
}
