// A token nobody configured: the reference API flags its transfers as spam.
import { createPublicClient, createWalletClient, http, type Hex } from 'viem'
import { demoAccount, TOKEN_ABI, toViemChain, type LocalChain } from '../../dev/chains/index.ts'
import { tokenBytecode } from '../../dev/chains/token.ts'

/** Deploys the test token again from demo account `from` (a new address) and sends some to `to`. */
export async function deploySpamToken(chain: LocalChain, from: number, to: Hex): Promise<{ address: Hex; transferHash: Hex }> {
  const account = demoAccount(from)
  const wallet = createWalletClient({ account, chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const reader = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const deploy = await wallet.deployContract({ abi: TOKEN_ABI, bytecode: tokenBytecode(), args: [[account.address], 10n ** 12n] })
  const { contractAddress } = await reader.waitForTransactionReceipt({ hash: deploy })
  const transferHash = await wallet.writeContract({ address: contractAddress!, abi: TOKEN_ABI, functionName: 'transfer', args: [to, 10n ** 9n] })
  await reader.waitForTransactionReceipt({ hash: transferHash })
  return { address: contractAddress!, transferHash }
}
