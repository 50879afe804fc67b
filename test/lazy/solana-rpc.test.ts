// The lazy @solana/kit chunk against the local ledger (dev/solana): SOL and SPL balances as the
// chain holds them, exact, and the failures a site would see.
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { solanaLocal } from '../../src/networks'
import type { LocalSolana } from '../../dev/solana/index.ts'

// No DOM needed here, and @solana/kit's Node build wants Node's own AbortSignal, not happy-dom's.
// kit captures the AbortController it extends when it loads, hence the imports after unregistering.
if (GlobalRegistrator.isRegistered) await GlobalRegistrator.unregister()
const { getNativeBalance, getTokenBalances, rpcFor } = await import('../../src/lazy/solana/index')
const { formatUnits } = await import('../../src/utils/units')
const { DEMO_SOL_PER_ACCOUNT, DEMO_TOKEN, startSolana } = await import('../../dev/solana/index.ts')

const test = suite('lazy/solana: balances through @solana/kit')
let ledger: LocalSolana

test.before(async () => {
  ledger = await startSolana({ accountCount: 2 })
})
test.after(async () => ledger?.stop())

test('behavior: the SOL balance the ledger holds, in SOL', async () => {
  const owner = ledger.accounts[0]!.address
  assert.equal(await getNativeBalance(ledger.rpcUrl, solanaLocal, owner), { balance: String(DEMO_SOL_PER_ACCOUNT), symbol: 'SOL' })
})

test('behavior: an account the ledger has never seen holds 0', async () => {
  assert.equal(await getNativeBalance(ledger.rpcUrl, solanaLocal, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), { balance: '0', symbol: 'SOL' })
})

test('behavior: SPL holdings per mint with their decimals', async () => {
  const owner = ledger.accounts[1]!.address
  assert.equal(await getTokenBalances(ledger.rpcUrl, solanaLocal, owner), [
    { address: ledger.mint, chainId: 'solana:localnet', quantity: { decimals: String(DEMO_TOKEN.decimals), numeric: String(DEMO_TOKEN.perAccount) } },
  ])
  assert.equal(await getTokenBalances(ledger.rpcUrl, solanaLocal, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), [])
})

test('behavior: an invalid address is refused before any request; a dead endpoint rejects', async () => {
  let error: unknown
  try {
    await getNativeBalance(ledger.rpcUrl, solanaLocal, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  } catch (e) {
    error = e
  }
  assert.ok(error, 'rejected')
  error = undefined
  try {
    await getNativeBalance('http://127.0.0.1:9', solanaLocal, ledger.accounts[0]!.address)
  } catch (e) {
    error = e
  }
  assert.ok(error, 'rejected')
})

test('behavior: an endpoint list falls back past a refused endpoint; every endpoint refused rejects', async () => {
  const owner = ledger.accounts[0]!.address
  const { value } = await rpcFor(['http://127.0.0.1:9', ledger.rpcUrl]).getBalance(owner as never, { commitment: 'confirmed' }).send()
  assert.is(formatUnits(BigInt(value), 9), String(DEMO_SOL_PER_ACCOUNT))
  let error: unknown
  try {
    await rpcFor(['http://127.0.0.1:9', 'http://127.0.0.1:9/second']).getBalance(owner as never).send()
  } catch (e) {
    error = e
  }
  assert.ok(error, 'rejected')
})

test('parameters: formatUnits is exact (no float), drops trailing zeros, keeps small amounts', () => {
  assert.is(formatUnits(100_000_000_000n, 9), '100')
  assert.is(formatUnits(1_234_567_891n, 9), '1.234567891')
  assert.is(formatUnits(1n, 9), '0.000000001')
  assert.is(formatUnits(0n, 9), '0')
  assert.is(formatUnits(18_446_744_073_709_551_615n, 9), '18446744073.709551615')
  assert.is(formatUnits(-1_500_000_000n, 9), '-1.5')
  assert.is(formatUnits(42n, 0), '42')
})
test.run()
