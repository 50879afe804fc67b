// Redeeming a mailed code: only the login that asked for it may try (its secret, purpose and
// device), and every try counts against the address's cap before the code is looked at, across
// its codes; a right code gives its try back.
import type { ServerState } from '../state.ts'
import { spendCodeTry } from '../limits/index.ts'
import type { CodeProof } from './binding.ts'
import { checkCode, checkPending } from './store.ts'

export async function redeemCode(state: ServerState, email: string, code: string, proof: CodeProof): Promise<void> {
  await checkPending(state.db, email, proof)
  const giveBack = await spendCodeTry(state, email)
  await checkCode(state.db, email, code, proof)
  await giveBack()
}
