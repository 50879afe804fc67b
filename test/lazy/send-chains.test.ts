// The chain halves of send, without a wallet: what a transfer encodes and which receivers pass.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { decodeFunctionData, erc20Abi } from 'viem'
import { evmSend, transferAbiFor, transferCall } from '../../src/lazy/send/evm'
import { solanaSend } from '../../src/lazy/send/solana'
import { explorerTxUrl } from '../../src/lazy/send/actions'
import type { SendToken } from '../../src/signals/send'
import { mainnet, solana } from '../../src/networks'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = (address?: string): SendToken => ({ name: 'T', symbol: 'T', chainId: 'eip155:1', ...(address && { address }), quantity: { decimals: '6', numeric: '10' } })

const test = suite('lazy/send chains')

test('behavior: a native transfer sends value with empty data; a token transfer calls transfer(to, amount) on the contract', () => {
  assert.equal(transferCall({ to: TO.toLowerCase(), token: token(), amount: 5n }), { to: TO, value: 5n, data: '0x' })
  const call = transferCall({ to: TO, token: token('eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'), amount: 1_500_000n })
  assert.is(call.to, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
  assert.is(call.value, 0n)
  const decoded = decodeFunctionData({ abi: erc20Abi, data: call.data })
  assert.equal([decoded.functionName, decoded.args], ['transfer', [TO, 1_500_000n]])
})

test('behavior: USDT contracts get AppKit\'s USDT ABI (transfer returns nothing), whatever the address case', () => {
  assert.equal(transferAbiFor('0xdAC17F958D2ee523a2206206994597C13D831ec7')[0].outputs, [])
  assert.equal(transferAbiFor('0xc2132d05d31c914a87c6611c10748aeb04b58e8f')[0].outputs, [])
  assert.is(transferAbiFor('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')[0].outputs.length, 1)
  // Same calldata either way: only the reading of the answer differs.
  const usdt = transferCall({ to: TO, token: token('eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7'), amount: 1n })
  assert.ok(usdt.data.startsWith('0xa9059cbb'))
})

test('behavior: EVM receivers need a valid checksum (all lower case has none to break); Solana ones are base58 of 32 bytes', () => {
  assert.ok(evmSend.isAddress(TO))
  assert.ok(evmSend.isAddress(TO.toLowerCase()))
  assert.not.ok(evmSend.isAddress(TO.replace('C51812dc', 'c51812dc')))
  assert.not.ok(evmSend.isAddress(TO.slice(2)))
  assert.not.ok(evmSend.isAddress(`${TO}0`))
  assert.ok(solanaSend.isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'))
  assert.ok(solanaSend.isAddress('11111111111111111111111111111111'))
  assert.not.ok(solanaSend.isAddress('0OIl' + 'WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'.slice(3)))
  assert.not.ok(solanaSend.isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYd'))
  assert.not.ok(solanaSend.isAddress(TO))
})

test('behavior: the explorer link of a transaction', () => {
  assert.is(explorerTxUrl(mainnet, '0xabc'), 'https://etherscan.io/tx/0xabc')
  assert.match(explorerTxUrl(solana, 'sig')!, /\/tx\/sig$/)
  assert.is(explorerTxUrl({ ...mainnet, blockExplorers: undefined }, '0xabc'), undefined)
})

test.run()
