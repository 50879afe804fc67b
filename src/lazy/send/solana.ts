import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type Signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import { rpcFor } from '../solana/index'
import { plainAddress, tokenDecimals } from '../../signals/send'
import { isSolanaAddress } from '../../utils/address'
import { PosternError } from '../../utils/errors'
import { walletCall, type ChainSend, type Transfer } from './chain'

/** The part of the Solana wallet provider (adapters/solana/provider.ts) a send uses. */
interface SolanaSigner {
  signAndSendTransaction(transaction: Uint8Array, options?: { preflightCommitment?: 'confirmed' }): Promise<string>
}

const LAMPORTS_PER_SIGNATURE = 5000n
const TOKEN_ACCOUNT_SIZE = 165n
const CONFIRM_TIMEOUT_MS = 60_000

const validAddress = (value: string) => isSolanaAddress(value) && isAddress(value)

/**
 * The instructions of a transfer: System transfer for SOL; for an SPL token TransferChecked
 * between associated token accounts, creating the receiver's first when it has none.
 */
async function instructionsFor(t: Omit<Transfer, 'provider'>, to: Address): Promise<{ instructions: Instruction[]; rent: bigint }> {
  const rpc = rpcFor(t.rpcUrls)
  const owner = createNoopSigner(address(t.from))
  const mintText = plainAddress(t.token.address)
  if (!mintText) return { instructions: [getTransferSolInstruction({ source: owner, destination: to, amount: t.amount })], rent: 0n }
  const mint = address(mintText)
  const mintAccount = await rpc.getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' }).send()
  if (!mintAccount.value) throw new PosternError('Token not found', 'TOKEN_NOT_FOUND')
  // Token or Token-2022: the mint's owner is the program its accounts belong to.
  const tokenProgram = mintAccount.value.owner
  const [source] = await findAssociatedTokenPda({ owner: owner.address, mint, tokenProgram })
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
  const instructions: Instruction[] = []
  let rent = 0n
  const existing = await rpc.getAccountInfo(destination, { encoding: 'base64', commitment: 'confirmed' }).send()
  if (!existing.value) {
    instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata: destination, owner: to, mint, tokenProgram }))
    rent = BigInt(await rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send())
  }
  instructions.push(getTransferCheckedInstruction({ source, mint, destination, authority: owner, amount: t.amount, decimals: tokenDecimals(t.token) }, { programAddress: tokenProgram }))
  return { instructions, rent }
}

/** The transfer as wire bytes, fee payer the sender, on the latest blockhash. */
async function build(t: Omit<Transfer, 'provider'>, to: Address) {
  const rpc = rpcFor(t.rpcUrls)
  const [{ instructions, rent }, { value: blockhash }] = await Promise.all([instructionsFor(t, to), rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()])
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(t.from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = compileTransaction(message)
  return { transaction, bytes: new Uint8Array(getTransactionEncoder().encode(transaction)), rent }
}

async function waitForConfirmation(rpcUrls: string[], signature: string): Promise<void> {
  const rpc = rpcFor(rpcUrls)
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature as Signature]).send()
    const status = value[0]
    if (status?.err) throw new PosternError('The transaction failed on chain', 'TRANSACTION_FAILED')
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return
    if (Date.now() > deadline) throw new PosternError('The transaction was not confirmed in time', 'WAIT_TIMEOUT')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

export const solanaSend: ChainSend = {
  isAddress: validAddress,

  async estimateFee(t) {
    // Until the receiver is known, a transfer to oneself has the same shape and price.
    const to = address(validAddress(t.to) ? t.to : t.from)
    const { transaction, rent } = await build(t, to)
    const message = getBase64Decoder().decode(transaction.messageBytes) as TransactionMessageBytesBase64
    const { value } = await rpcFor(t.rpcUrls).getFeeForMessage(message, { commitment: 'confirmed' }).send()
    const signatures = BigInt(Object.keys(transaction.signatures).length)
    const fee = (value === null ? LAMPORTS_PER_SIGNATURE * signatures : BigInt(value)) + rent
    const { decimals, symbol } = t.network.nativeCurrency
    return { amount: fee, reserve: fee, decimals, symbol }
  },

  async send(t) {
    const signer = t.provider as SolanaSigner | undefined
    if (!signer?.signAndSendTransaction) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    const { bytes } = await build(t, address(t.to))
    const signature = await walletCall(() => signer.signAndSendTransaction(bytes, { preflightCommitment: 'confirmed' }))
    await waitForConfirmation(t.rpcUrls, signature)
    return signature
  },
}
