// The stack's fault switches (stack.faults): one per service, reached through faults.config,
// each one's fault seen by a client of that service, and gone when set back to 'none'.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startStack, type Stack } from '../../dev/stack.ts'

const test = suite('dev stack: fault switches')
let stack: Stack | undefined

test.before(async () => {
  stack = await startStack({ solana: false, reactDemo: false, bundlers: 'on-demand' })
})
test.after(async () => {
  await stack?.stop()
})

const rpc = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
const nameLookup = (s: Stack) => fetch(`${s.faults.config.apiUrl}/v1/profile/account/nobody.reown.id?apiVersion=2&projectId=${s.config.projectId}`)

test('behavior: a switch per chain RPC, the API, the relay and the database; the config reaches each service through its switch', () => {
  const { faults, config } = stack!
  // Every chain's RPC has its switch: the EVM chains, the Bitcoin ledgers' Esplora APIs (mainnet's, testnet's and regtest's encodings), Sui's, TON's and TRON's.
  assert.equal([...faults.services].sort(), ['api', 'db', 'relay', 'rpc:bip122:000000000019d6689c085ae165831e93', 'rpc:bip122:000000000933ea01ad0ee984209779ba', 'rpc:bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'rpc:eip155:1', 'rpc:eip155:137', 'rpc:sui:localnet', 'rpc:ton:-239', 'rpc:tron:0x504f5354'])
  for (const [caip, url] of Object.entries(faults.config.rpcUrls)) assert.is.not(url, config.rpcUrls[caip])
  assert.is.not(faults.config.apiUrl, config.apiUrl)
  assert.match(faults.config.relayUrl, /^ws:\/\/127\.0\.0\.1:\d+/)
  assert.throws(() => faults.set('rpc:eip155:5', 'refuse'), /no fault switch for 'rpc:eip155:5'/)
})

test('behavior: one chain\'s RPC refused, the other still answers; back once cleared', async () => {
  const { faults } = stack!
  faults.set('rpc:eip155:1', 'refuse')
  let refused = false
  await rpc(faults.config.rpcUrls['eip155:1']!).catch(() => (refused = true))
  assert.ok(refused)
  assert.equal(((await (await rpc(faults.config.rpcUrls['eip155:137']!)).json()) as { result: string }).result, '0x89')
  faults.clear()
  assert.equal(((await (await rpc(faults.config.rpcUrls['eip155:1']!)).json()) as { result: string }).result, '0x1')
})

test('behavior: the database down behind its switch: the API answers 503 with the message, the catalogue still answers, and it recovers', async () => {
  const s = stack!
  assert.is((await nameLookup(s)).status, 404)
  s.faults.set('db', 'refuse')
  const down = await nameLookup(s)
  assert.is(down.status, 503)
  assert.equal(await down.json(), { reason: 'The database is unavailable; try again shortly' })
  assert.is((await fetch(`${s.faults.config.apiUrl}/getWallets?page=1&entries=2&projectId=${s.config.projectId}`)).status, 200)
  s.faults.set('db', 'none')
  assert.is((await nameLookup(s)).status, 404)
})

test('behavior: the API answering 500 through its switch, the API itself untouched', async () => {
  const s = stack!
  s.faults.set('api', '500')
  assert.is((await nameLookup(s)).status, 500)
  assert.is((await fetch(`${s.api.url}/getWallets?page=1&entries=2&projectId=${s.config.projectId}`)).status, 200)
  s.faults.clear()
})

test.run()
