// History for the benchmark to page through: a demo account's sends and receipts of ETH/POL and
// USDC on every local chain, as a wallet in daily use accumulates them.
import { createWalletClient, http, parseEther, parseUnits, publicActions, type Address } from 'viem'
import { toViemChain, TOKEN_ABI, TOKEN_ADDRESS, type LocalChains } from '../dev/chains/index.ts'
import { demoAccount } from '../dev/chains/accounts.ts'

/** A fixed counterparty set, so the history holds repeated addresses as real ones do. */
const counterparty = (i: number): Address => demoAccount(20 + (i % 8)).address

/**
 * Sends `count` transactions touching `chains.accounts[0]` (alternating chains; a third are
 * receipts from accounts 1 and 2, a third USDC), each mined (anvil mines on send) before the next.
 */
export async function seedHistory(chains: LocalChains, count: number, progress?: (done: number) => void): Promise<Address> {
  const [me, a1, a2] = chains.accounts as [Address, Address, Address]
  const clients = chains.chains.map((c) => (account: Address) =>
    createWalletClient({ account, chain: toViemChain(c), transport: http(c.rpcUrl) }).extend(publicActions))
  let last: `0x${string}` | undefined
  for (let i = 0; i < count; i++) {
    const client = clients[i % clients.length]!
    const kind = i % 3
    const from = kind === 2 ? (i % 2 ? a1 : a2) : me
    const to = kind === 2 ? me : counterparty(i)
    const c = client(from)
    last = i % 6 < 3
      ? await c.sendTransaction({ to, value: parseEther('0.001') })
      : await c.writeContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'transfer', args: [to, parseUnits('1.5', 6)] })
    if (i % 50 === 49) progress?.(i + 1)
  }
  if (last) await clients[(count - 1) % clients.length]!(me).waitForTransactionReceipt({ hash: last })
  return me
}
