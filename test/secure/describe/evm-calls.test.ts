// Calls decoded for the approval: token transfers and approvals with symbol and decimals,
// "unlimited" allowances, NFTs, Permit2, and unknown calls by selector and data.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { encodeFunctionData, getAddress, maxUint256, parseAbi, parseUnits, type Address } from 'viem'
import { describeCall, maxFeeRow } from '../../../secure/describe/evm-calls.ts'
import type { TokenInfo } from '../../../secure/describe/token-info.ts'

const test = suite('secure describe: EVM calls')
const usdc = '0x00000000000000000000000000000000000000a1' as Address
const nft = '0x00000000000000000000000000000000000000b2' as Address
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3' as Address
const spender = '0x1111111111111111111111111111111111111111' as Address
const tokens: Record<string, TokenInfo> = { [usdc]: { symbol: 'USDC', decimals: 6, erc721: false }, [nft]: { symbol: 'APE', erc721: true } }
const read = async (a: Address) => tokens[a.toLowerCase()] ?? {}
const eth = { symbol: 'ETH', decimals: 18 }
const erc = parseAbi([
  'function approve(address, uint256)', 'function transfer(address, uint256)', 'function increaseAllowance(address, uint256)',
  'function setApprovalForAll(address, bool)', 'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
])
const rows = (r: [string, string][]) => Object.fromEntries(r)

test('an ERC-20 approve of max uint256 says unlimited, with the token and the spender', async () => {
  const data = encodeFunctionData({ abi: erc, functionName: 'approve', args: [spender, maxUint256] })
  const r = rows(await describeCall({ to: usdc, data }, eth, read))
  assert.is(r['Action'], 'Approve unlimited spending')
  assert.is(r['Token'], `USDC (${usdc})`)
  assert.is(r['Spender'], spender)
  assert.is(r['Amount'], 'unlimited USDC')
  // 2^255 and above count as unlimited too.
  const huge = encodeFunctionData({ abi: erc, functionName: 'approve', args: [spender, 2n ** 255n] })
  assert.is(rows(await describeCall({ to: usdc, data: huge }, eth, read))['Amount'], 'unlimited USDC')
})

test('transfer and increaseAllowance in the token\'s decimals', async () => {
  const t = rows(await describeCall({ to: usdc, data: encodeFunctionData({ abi: erc, functionName: 'transfer', args: [spender, parseUnits('12.5', 6)] }) }, eth, read))
  assert.is(t['Action'], 'Transfer tokens')
  assert.is(t['Amount'], '12.5 USDC')
  const i = rows(await describeCall({ to: usdc, data: encodeFunctionData({ abi: erc, functionName: 'increaseAllowance', args: [spender, 5n] }) }, eth, read))
  assert.is(i['Amount'], '0.000005 USDC')
})

test('an ERC-721 approve names the token id; setApprovalForAll says every token', async () => {
  const a = rows(await describeCall({ to: nft, data: encodeFunctionData({ abi: erc, functionName: 'approve', args: [spender, 7n] }) }, eth, read))
  assert.is(a['Action'], 'Approve an NFT')
  assert.is(a['Token ID'], '7')
  const all = rows(await describeCall({ to: nft, data: encodeFunctionData({ abi: erc, functionName: 'setApprovalForAll', args: [spender, true] }) }, eth, read))
  assert.is(all['Action'], 'Approve all tokens of a collection')
  assert.is(all['Operator'], spender)
})

test('Permit2 approve: the token from its arguments, unlimited at max uint160', async () => {
  const data = encodeFunctionData({ abi: erc, functionName: 'approve', args: [usdc, spender, 2n ** 160n - 1n, 0] })
  const r = rows(await describeCall({ to: permit2, data }, eth, read))
  assert.is(r['Action'], 'Permit2 approval')
  assert.is(r['Token'], `USDC (${getAddress(usdc)})`)
  assert.is(r['Amount'], 'unlimited USDC')
})

test('ERC-1155 transfer, native value in the network\'s currency, unknown calls by selector and data', async () => {
  const t = rows(await describeCall({ to: nft, data: encodeFunctionData({ abi: erc, functionName: 'safeTransferFrom', args: [spender, spender, 3n, 2n, '0x'] }) }, eth, read))
  assert.is(t['Token ID'], '3')
  const pol = { symbol: 'POL', decimals: 18 }
  const send = rows(await describeCall({ to: spender, value: 10n ** 18n }, pol, read))
  assert.is(send['Action'], 'Send POL')
  assert.is(send['Amount'], '1 POL')
  const unknown = rows(await describeCall({ to: spender, data: '0xdeadbeef0001', value: 1n }, pol, read, 'Call 2'))
  assert.is(unknown['Call 2'], 'Contract call (not decoded)')
  assert.is(unknown['Function'], '0xdeadbeef')
  assert.is(unknown['Data'], '0xdeadbeef0001')
  assert.equal(maxFeeRow(21000n, 10n ** 9n, pol), ['Max network fee', '0.000021 POL'])
})

test.run()
