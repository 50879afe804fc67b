import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit'
import type { Ledger } from './ledger.ts'
import { decodeTransaction } from './wire.ts'

/** Builds, signs (with every signer the instructions carry) and sends a transaction, like a client would. */
export async function submitInstructions(ledger: Ledger, payer: TransactionSigner, instructions: Instruction[]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const wire = new Uint8Array(getTransactionEncoder().encode(signed))
  const tx = decodeTransaction(wire)
  const signature = ledger.send(tx, { skipPreflight: false })
  const landed = ledger.transaction(signature)
  if (!landed || landed.err) throw new Error(`transaction ${signature} did not land: ${JSON.stringify(landed?.err ?? 'dropped')}`)
  return signature
}
