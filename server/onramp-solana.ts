// The sandbox provider's Solana side: a treasury keypair pays SOL and mints the SPL tokens it is
// the mint authority of (on the local ledger, the faucet mints the demo USDC), as a real provider
// sends from its own hot wallet.
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintToInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import * as v from 'valibot'
import { parseUnits } from 'viem'
import type { ServerState } from './state.ts'

/** SOL's decimals (lamports). */
const SOL_DECIMALS = 9

export interface SolanaAsset { symbol: string; name: string; mint: string; decimals: number }

const MintInfo = v.object({ value: v.nullable(v.object({ data: v.object({ parsed: v.object({ info: v.object({ mintAuthority: v.nullish(v.string()), decimals: v.number() }) }) }) })) })

const signers = new WeakMap<ServerState, Promise<KeyPairSigner>>()
const assets = new WeakMap<ServerState, Promise<SolanaAsset[]>>()

function treasury(state: ServerState): Promise<KeyPairSigner> | undefined {
  if (!state.solanaRpcUrl || !state.onrampSolanaTreasury) return undefined
  let signer = signers.get(state)
  if (!signer) signers.set(state, (signer = createKeyPairSignerFromBytes(state.onrampSolanaTreasury)))
  return signer
}

/** Whether a text is a Solana address (base58 public key). */
export const isSolanaAddress = (text: string) => isAddress(text)

/**
 * What the sandbox can deliver on Solana: SOL, and each vouched-for mint whose authority is the
 * treasury. Empty without a Solana RPC or a treasury. Read once per server (mints do not move).
 */
export function solanaOnrampAssets(state: ServerState): Promise<SolanaAsset[]> {
  const signer = treasury(state)
  if (!signer) return Promise.resolve([])
  let found = assets.get(state)
  if (!found) {
    found = (async () => {
      const owner = (await signer).address
      const rpc = createSolanaRpc(state.solanaRpcUrl!)
      const mints = await Promise.all(Object.entries(state.solanaMints).map(async ([mint, meta]) => {
        const info = v.safeParse(MintInfo, await rpc.getAccountInfo(address(mint), { encoding: 'jsonParsed' }).send().catch(() => undefined))
        const parsed = info.success ? info.output.value?.data.parsed.info : undefined
        return parsed?.mintAuthority === owner ? [{ ...meta, mint, decimals: parsed.decimals }] : []
      }))
      return [{ symbol: 'SOL', name: 'Solana', mint: '', decimals: SOL_DECIMALS }, ...mints.flat()]
    })()
    assets.set(state, found)
    found.catch(() => assets.delete(state)) // tried again on the next call
  }
  return found
}

/** Sends `amount` of `asset` to `to` from the treasury and waits until the ledger confirms it. */
export async function creditSolana(state: ServerState, to: string, asset: SolanaAsset, amount: string): Promise<string> {
  const signer = await treasury(state)
  if (!signer) throw new Error('this server has no Solana treasury')
  const units = parseUnits(amount, asset.decimals)
  const owner = address(to)
  let instructions: Instruction[]
  if (!asset.mint) {
    instructions = [getTransferSolInstruction({ source: signer, destination: owner, amount: units })]
  } else {
    const mint = address(asset.mint)
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    instructions = [
      getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata, owner, mint }),
      getMintToInstruction({ mint, token: ata, mintAuthority: signer, amount: units }),
    ]
  }
  const rpc = createSolanaRpc(state.solanaRpcUrl!)
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
  const signature = getSignatureFromTransaction(signed)
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
    if (status?.err) throw new Error(`the credit transaction failed: ${JSON.stringify(status.err)}`)
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return signature
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the credit transaction was not confirmed in time')
}
