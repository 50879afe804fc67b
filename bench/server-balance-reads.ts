// The node reads of one balance request on one chain, timed against a local anvil: as the route
// made them before (eth_getBalance and getCode, then balanceOf: two round trips) and as it makes
// them now (EvmChain.balancesOf: one JSON-RPC batch), alternating, one after another and 16 at once.
//   node --import tsx bench/server-balance-reads.ts
import { randomBytes } from 'node:crypto'
import { erc20Abi, type Address } from 'viem'
import { startChains } from '../dev/chains/index.ts'
import { EvmChain } from '../server/chain/evm.ts'

const chains = await startChains({ chainIds: [1] })
try {
  const local = chains.chains[0]!
  const chain = new EvmChain(local)
  const token = local.token.address as Address
  const account = () => `0x${randomBytes(20).toString('hex')}` as Address
  const before = async (owner: Address) => {
    const [native, code] = await Promise.all([chain.client.getBalance({ address: owner }), chain.client.getCode({ address: token })])
    return [native, code ? await chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) : 0n]
  }
  const now = (owner: Address) => chain.balancesOf(owner, [token])
  for (const [name, read] of [['before', before], ['now', now], ['before', before], ['now', now]] as const) {
    const started = performance.now()
    for (let i = 0; i < 300; i++) await read(account())
    const together = performance.now()
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 40; i++) await read(account())
    }))
    const perRead = (together - started) / 300
    console.log(`${name.padEnd(6)} ${perRead.toFixed(2)} ms a read one after another; ${Math.round(640 / ((performance.now() - together) / 1000))} reads/s 16 at once`)
  }
} finally {
  await chains.stop()
}
