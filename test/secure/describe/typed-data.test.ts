// Typed data: its domain always shown; permits warned about, with spender and amount.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { maxUint256 } from 'viem'
import { describeTypedData, PERMIT_WARNING, type TypedData } from '../../../secure/describe/typed-data.ts'

const test = suite('secure describe: typed data')
const token = '0x00000000000000000000000000000000000000a1'
const read = async () => ({ symbol: 'DAI', decimals: 18 })
const permit = (value: string): TypedData => ({
  types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
  primaryType: 'Permit',
  domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: token },
  message: { owner: '0x' + '2'.repeat(40), spender: '0x' + '3'.repeat(40), value, nonce: '0', deadline: '99' },
})
const rows = (r: [string, string][]) => Object.fromEntries(r)

test('a Permit shows its domain, the spender and the amount, under the permit warning', async () => {
  const view = await describeTypedData(permit('1500000000000000000'), 1, read)
  const r = rows(view.rows)
  assert.is(r['Domain'], 'Dai Stablecoin')
  assert.is(r['Domain chain'], 'eip155:1')
  assert.is(r['Verifying contract'], token)
  assert.is(r['Spender'], '0x' + '3'.repeat(40))
  assert.is(r['Amount'], '1.5 DAI')
  assert.is(view.warning, PERMIT_WARNING)
  assert.is(rows((await describeTypedData(permit(String(maxUint256)), 1, read)).rows)['Amount'], 'unlimited DAI')
})

test('a domain for another chain says so; plain typed data has no warning', async () => {
  const view = await describeTypedData({ ...permit('1'), primaryType: 'Mail', message: { contents: 'hi' }, domain: { name: 'Mail', chainId: '0x89' } }, 1, read)
  assert.is(rows(view.rows)['Domain chain'], 'eip155:137 (not the network you are on)')
  assert.is(view.warning, undefined)
})

test.run()
