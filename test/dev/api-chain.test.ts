// The reference server's blockchain API against real anvil chains, on PGlite: balances, history, identity, prices.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, formatUnits, http, type Address } from 'viem'
import { tokensOf, trustToken } from '../../server/tokens.ts'
import { blockchainApiCases, fresh, json, type Balance } from './api-chain-cases.ts'
import { withApiServer, type ApiCtx } from './api-fixture.ts'

const test = suite<ApiCtx>('server blockchain API (PGlite)', {})
withApiServer(test, 'api-chain.test.ts')
blockchainApiCases(test)

test('balance answers what live reads of each token give, one by one (a listed token without a contract holds nothing)', async (ctx) => {
  const a0 = ctx.chains!.accounts[0]!
  await trustToken(ctx.api!.db, { chain: 'eip155:1', address: fresh(), name: 'No Contract', symbol: 'NONE', decimals: 18 })
  const { balances } = await json<{ balances: Balance[] }>(ctx, `/v1/account/${a0}/balance?currency=usd&projectId=test&forceUpdate=1`)
  // The reads the route made before it used one multicall: eth_getBalance, then getCode and balanceOf per token.
  const expected: string[][] = []
  for (const c of ctx.chains!.chains) {
    const client = createPublicClient({ transport: http(c.rpcUrl) })
    const chainId = `eip155:${c.chainId}`
    expected.push(['native', chainId, formatUnits(await client.getBalance({ address: a0 }), 18)])
    for (const t of await tokensOf(ctx.api!.db, chainId, { spam: false })) {
      const token = t.address as Address
      const code = await client.getCode({ address: token })
      const amount = code && code !== '0x' ? await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [a0] }) : 0n
      expected.push([token.toLowerCase(), chainId, formatUnits(amount, t.decimals)])
    }
  }
  const got = balances.map((b) => [b.address?.split(':')[2]!.toLowerCase() ?? 'native', b.chainId, b.quantity.numeric])
  assert.equal(got, expected.filter(([, , numeric]) => numeric !== '0'))
  assert.ok(got.length >= 4, 'native and USDC on both chains')
})

test.run()
