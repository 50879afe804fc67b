// npm start's promise: stopping and starting the stack on the same state folder loses nothing.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, http, parseEther, parseUnits } from 'viem'
import { startStack, type Stack } from '../../dev/stack.ts'
import { demoAccount, demoAddresses, TOKEN_ABI, TOKEN_ADDRESS, toViemChain } from '../../dev/chains/index.ts'

const test = suite('dev stack: restart')
const stateDir = mkdtempSync(join(tmpdir(), 'postern-state-'))
const me = demoAddresses()[0]!
let stack: Stack | undefined
// What the state folder keeps is the chains', the Solana ledger's and the server's: the Bitcoin and
// TON ledgers (never saved) and the demo bundles are left out of both starts.
const LEAN = { bitcoin: false, ton: false, reactDemo: false, bundlers: 'on-demand' } as const

test.after(async () => {
  await stack?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

const history = async (s: Stack) => {
  const res = await fetch(`${s.api.url}/v1/account/${me}/history?projectId=${s.config.projectId}&chainId=eip155:1`)
  return ((await res.json()) as { data: { metadata: { hash: string } }[] }).data.map((d) => d.metadata.hash)
}

test('behavior: balances, the token and the indexed history survive a restart of the stack', async () => {
  stack = await startStack({ solana: false, stateDir, ...LEAN })
  const chain = stack.chains.find((c) => c.chainId === 1)!
  const wallet = createWalletClient({ account: demoAccount(4), chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const reader = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const sent = await wallet.sendTransaction({ to: me, value: parseEther('1.25') })
  await reader.waitForTransactionReceipt({ hash: sent })
  const balance = await reader.getBalance({ address: me })
  assert.ok((await history(stack)).includes(sent))
  await stack.stop()
  stack = undefined

  stack = await startStack({ solana: false, stateDir, ...LEAN })
  const after = stack.chains.find((c) => c.chainId === 1)!
  const again = createPublicClient({ chain: toViemChain(after), transport: http(after.rpcUrl) })
  assert.is(await again.getBalance({ address: me }), balance)
  assert.ok((await again.getCode({ address: TOKEN_ADDRESS }))?.length, 'the token is still deployed')
  assert.is(await again.readContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'balanceOf', args: [me] }), parseUnits('1000000', 6))
  const hashes = await history(stack)
  assert.ok(hashes.includes(sent), 'the send is still in the history')
  assert.is(new Set(hashes).size, hashes.length)
})

test.run()
