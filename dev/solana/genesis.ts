import type { Address } from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { demoKeypairs, faucetKeypair, mintKeypair, type DemoKeypair } from './keys.ts'
import type { Ledger } from './ledger.ts'
import { submitInstructions } from './submit.ts'

export const LAMPORTS_PER_SOL = 1_000_000_000n
export const DEMO_SOL_PER_ACCOUNT = 100n
/** The demo token: an SPL mint standing in for USDC. */
export const DEMO_TOKEN = { symbol: 'USDC', name: 'USD Coin (local)', decimals: 6, perAccount: 1000n } as const
/** The faucet holds a billion SOL for requestAirdrop. */
const FAUCET_LAMPORTS = 1_000_000_000n * LAMPORTS_PER_SOL

export interface Genesis {
  faucet: DemoKeypair
  accounts: DemoKeypair[]
  mint: Address
}

/**
 * Funds the demo accounts and creates the demo token with real transactions, so that the
 * accounts' history starts with them just as it would on a cluster.
 */
export async function createGenesis(ledger: Ledger, accountCount?: number): Promise<Genesis> {
  const [faucet, mint, accounts] = await Promise.all([faucetKeypair(), mintKeypair(), demoKeypairs(accountCount)])
  ledger.setLamports(faucet.signer.address, FAUCET_LAMPORTS)
  const payer = faucet.signer

  await submitInstructions(
    ledger,
    payer,
    accounts.map(({ signer }) =>
      getTransferSolInstruction({ source: payer, destination: signer.address, amount: DEMO_SOL_PER_ACCOUNT * LAMPORTS_PER_SOL }),
    ),
  )

  const space = BigInt(getMintSize())
  await submitInstructions(ledger, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: mint.signer,
      lamports: ledger.svm.minimumBalanceForRentExemption(space),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.signer.address, decimals: DEMO_TOKEN.decimals, mintAuthority: payer.address, freezeAuthority: null }),
  ])

  const amount = DEMO_TOKEN.perAccount * 10n ** BigInt(DEMO_TOKEN.decimals)
  for (const { signer } of accounts) {
    const [ata] = await findAssociatedTokenPda({ mint: mint.signer.address, owner: signer.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    await submitInstructions(ledger, payer, [
      getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner: signer.address, mint: mint.signer.address }),
      getMintToInstruction({ mint: mint.signer.address, token: ata, mintAuthority: payer, amount }),
    ])
  }
  return { faucet, accounts, mint: mint.signer.address }
}
