// The balance endpoint for Sui addresses, read from the network's full node (SUI_RPC_URLS): here
// the local Sui node (dev/sui) with the demo account funded, and fake answers for other coin types
// and for a node that misbehaves.
import type { Server } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { MIST_PER_SUI, startSui, type LocalSui } from '../../dev/sui/index.ts'
import { suiNodeProxy, type SuiFake } from './sui-node-proxy.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { configFromEnv } from '../../server/config.ts'
import { setPrice } from '../../server/prices.ts'
import { accountBalance as balance } from './account-routes.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  sui?: LocalSui
  api?: ApiServer
  proxy?: Server
  fake?: SuiFake
}
const test = suite<Ctx>('server: Sui balances', {})
const CHAIN = 'sui:localnet'
const owner = new Ed25519Keypair().toSuiAddress()
const USDC = '0x5d4b302506645c37ff133b98c4b50a5ae14841659738d6d733d59d0d217a93bf::coin::COIN'

const watchdog = setTimeout(() => (console.error('sui-balance.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.before(async (ctx) => {
  ctx.sui = await startSui({ fund: [owner], amount: 6n })
  const proxy = await suiNodeProxy(ctx.sui.url, (method, params) => ctx.fake?.(method, params))
  ctx.proxy = proxy.server
  ctx.api = await startApiServer({ chains: [], suiRpcUrls: { [CHAIN]: proxy.url }, indexer: false, balanceMaxAgeMs: 0 })
  await setPrice(ctx.api.db, 'SUI', 2)
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await new Promise((resolve) => ctx.proxy?.close(resolve))
  await ctx.sui?.stop()
  clearTimeout(watchdog)
})


test('behavior: a Sui address gets the SUI the node holds for it, priced, with or without the chain named, in either case', async (ctx) => {
  for (const [address, chainId] of [[owner, CHAIN], [owner, undefined], [owner.toUpperCase().replace('0X', '0x'), CHAIN]] as const) {
    const { status, body } = await balance(ctx.api!, address, chainId)
    assert.is(status, 200, JSON.stringify(body))
    assert.equal(body.balances.map((b: any) => [b.name, b.symbol, b.chainId, b.address, b.quantity.decimals, b.quantity.numeric, b.value]), [['Sui', 'SUI', CHAIN, undefined, '9', '12', 24]])
  }
  assert.equal((await balance(ctx.api!, new Ed25519Keypair().toSuiAddress())).body, { balances: [] }, 'an address never funded lists nothing')
})

test('behavior: every coin type held is listed by its metadata (decimals and symbol), unpriced, after SUI', async (ctx) => {
  ctx.fake = (method, params) => {
    if (method === 'suix_getAllBalances') return { jsonrpc: '2.0', id: 1, result: [{ coinType: USDC, coinObjectCount: 1, totalBalance: '2500000', lockedBalance: {} }, { coinType: '0x2::sui::SUI', coinObjectCount: 1, totalBalance: String(3n * MIST_PER_SUI), lockedBalance: {} }] }
    if (method === 'suix_getCoinMetadata' && params[0] === USDC) return { jsonrpc: '2.0', id: 1, result: { decimals: 6, name: 'USD Coin', symbol: 'USDC', description: '', iconUrl: null, id: null } }
    return undefined
  }
  try {
    const { status, body } = await balance(ctx.api!, owner, CHAIN)
    assert.is(status, 200, JSON.stringify(body))
    assert.equal(body.balances.map((b: any) => [b.symbol, b.address, b.quantity.decimals, b.quantity.numeric, b.value]), [['SUI', undefined, '9', '3', 6], ['USDC', `${CHAIN}:${USDC}`, '6', '2.5', 0]])
  } finally {
    ctx.fake = undefined
  }
})

test('input: a malformed Sui address is a 400 naming the address; a Sui network not served is a 400', async (ctx) => {
  for (const bad of [`${owner}0`, owner.slice(0, -1), `${owner.slice(0, -1)}g`]) {
    const { status, body } = await balance(ctx.api!, bad)
    assert.is(status, 400, bad)
    assert.match(body.reason, /^address: must be an EVM \(0x \+ 40 hex\), Sui \(0x \+ 64 hex\) or Solana/)
  }
  assert.is((await balance(ctx.api!, owner, 'sui:mainnet')).status, 400)
})

test('input: a node that refuses, errs or answers another shape is a 502 naming the call, never a 500', async (ctx) => {
  const answers: [string, unknown][] = [
    ['suix_getAllBalances', { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'overloaded' } }],
    ['suix_getAllBalances', { jsonrpc: '2.0', id: 1, result: [{ coinType: '0x2::sui::SUI', totalBalance: 'lots' }] }],
    ['suix_getAllBalances', { jsonrpc: '2.0', id: 1, result: [{ coinType: '<script>', totalBalance: '1' }] }],
    ['suix_getAllBalances', null],
    ['suix_getCoinMetadata', { jsonrpc: '2.0', id: 1, result: { decimals: 'six', name: 'x', symbol: 'X' } }],
  ]
  try {
    for (const [method, answer] of answers) {
      ctx.fake = (called) => {
        if (method === 'suix_getCoinMetadata' && called === 'suix_getAllBalances') return { jsonrpc: '2.0', id: 1, result: [{ coinType: `${USDC}2`, totalBalance: '1' }] }
        return called === method ? answer : undefined
      }
      const { status, body } = await balance(ctx.api!, owner, CHAIN)
      assert.is(status, 502, JSON.stringify(body))
      assert.match(body.reason, new RegExp(`^chain read failed: Sui RPC ${method}: `))
    }
  } finally {
    ctx.fake = undefined
  }
})

test('config: SUI_RPC_URLS names each network\'s node; anything else is refused naming the variable', () => {
  assert.equal(configFromEnv({ SUI_RPC_URLS: 'sui:mainnet=https://fullnode.mainnet.sui.io:443, sui:testnet=https://fullnode.testnet.sui.io:443' }).suiRpcUrls, { 'sui:mainnet': 'https://fullnode.mainnet.sui.io:443', 'sui:testnet': 'https://fullnode.testnet.sui.io:443' })
  assert.equal(configFromEnv({}).suiRpcUrls, {})
  for (const bad of ['https://fullnode.mainnet.sui.io', 'sui:mainnet=nope', 'eip155:1=https://x.io']) assert.throws(() => configFromEnv({ SUI_RPC_URLS: bad }), /^SUI_RPC_URLS/)
})

test.run()
