// The send state: amount math, the spec's validation texts in AppKit's order, arguments, the
// transaction stack and the reset on a network change. Pure functions and real signals.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { subscribeEvents, type ModalEvent } from '../../src/signals/events'
import { formatUnits } from '../../src/utils/units'
import {
  emitSendFailure,
  findArgumentToken,
  maxSendAmount,
  parseUnits,
  patchSend,
  popTransactionStack,
  pushTransactionStack,
  sendArgumentsOf,
  sendButtonMessage,
  sendEventProperties,
  sendProblem,
  sendStateFor,
  toSendValue,
  SEND_BUTTON,
  SEND_ERRORS,
  type SendForm,
  type SendToken,
} from '../../src/signals/send'
import { mainnet, polygon } from '../../src/networks'

const ETH: SendToken = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 3000, value: 6000, quantity: { decimals: '18', numeric: '2' } }
const USDC: SendToken = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', price: 1, value: 5, quantity: { decimals: '6', numeric: '5.5' } }
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const evmLike = (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a)
const form = (patch: Partial<SendForm>): SendForm => ({ loading: false, step: 'form', ...patch })

const test = suite('signals/send')

test('behavior: a typed amount is a plain decimal; anything non-numeric becomes 0', () => {
  assert.is(toSendValue('1.50'), '1.5')
  assert.is(toSendValue(' 0,25 '), '0.25')
  assert.is(toSendValue('.5'), '0.5')
  assert.is(toSendValue('007'), '7')
  assert.is(toSendValue('3.'), '3')
  for (const bad of ['abc', '1e5', '-1', '1.2.3', '', '.', '0x10']) assert.is(toSendValue(bad), '0', bad)
})

test('behavior: parseUnits is exact, rounds excess decimals half up, and names a bad number', () => {
  assert.is(parseUnits('1.5', 18), 1_500_000_000_000_000_000n)
  assert.is(parseUnits('0.0000015', 6), 2n)
  assert.is(parseUnits('0.0000014', 6), 1n)
  assert.is(parseUnits('123', 0), 123n)
  assert.throws(() => parseUnits('1,5', 6), /Number `1,5` is not a valid decimal number\./)
  assert.is(formatUnits(1_500_000n, 6), '1.5')
  assert.is(formatUnits(5n, 9), '0.000000005')
  assert.is(formatUnits(0n, 18), '0')
})

test('behavior: Max is the whole token balance, and the native balance less the fee reserve, never below 0', () => {
  assert.is(maxSendAmount(USDC), '5.5')
  assert.is(maxSendAmount(USDC, { amount: 1n, reserve: 10n ** 18n, decimals: 18, symbol: 'ETH' }), '5.5')
  assert.is(maxSendAmount(ETH), '2')
  const fee = { amount: 21_000n * 10n ** 9n, reserve: 65_000n * 10n ** 9n, decimals: 18, symbol: 'ETH' }
  assert.is(maxSendAmount(ETH, fee), '1.999935')
  assert.is(maxSendAmount({ ...ETH, quantity: { decimals: '18', numeric: '0.00001' } }, fee), '0')
})

test('behavior: the button says what is missing, in AppKit\'s order', () => {
  assert.is(sendButtonMessage(form({}), evmLike), SEND_BUTTON.SELECT_TOKEN)
  assert.is(sendButtonMessage(form({ token: ETH }), evmLike), 'Add Amount')
  assert.is(sendButtonMessage(form({ token: ETH, sendTokenAmount: 'abc' }), evmLike), 'Incorrect Value')
  assert.is(sendButtonMessage(form({ token: ETH, sendTokenAmount: '2.01' }), evmLike), 'Insufficient Funds')
  assert.is(sendButtonMessage(form({ token: ETH, sendTokenAmount: '2' }), evmLike), 'Add Address')
  assert.is(sendButtonMessage(form({ token: ETH, sendTokenAmount: '2', receiverAddress: '0x123' }), evmLike), 'Invalid Address')
  assert.is(sendButtonMessage(form({ token: ETH, sendTokenAmount: '2', receiverAddress: TO }), evmLike), 'Preview Send')
})

test('behavior: sendProblem gives the spec\'s texts: chain, then amount and receiver, then token', () => {
  const opts = { namespace: 'eip155', isAddress: evmLike }
  assert.is(sendProblem(form({ token: ETH, sendTokenAmount: '1', receiverAddress: TO }), { ...opts, namespace: 'polkadot' }), 'Unsupported chain')
  assert.is(sendProblem(form({ token: ETH, sendTokenAmount: '1', receiverAddress: TO }), { ...opts, unsupported: true }), SEND_ERRORS.CHAIN)
  assert.is(sendProblem(form({ token: ETH }), opts), 'An amount and receiver address are required')
  assert.is(sendProblem(form({ token: ETH, sendTokenAmount: '1', receiverAddress: '  ' }), opts), 'An amount and receiver address are required')
  assert.is(sendProblem(form({ sendTokenAmount: '1', receiverAddress: TO }), opts), 'A token is required')
  assert.is(sendProblem(form({ token: USDC, sendTokenAmount: '6', receiverAddress: TO }), opts), 'Insufficient Funds')
  assert.is(sendProblem(form({ token: USDC, sendTokenAmount: 'x', receiverAddress: TO }), opts), 'Incorrect Value')
  assert.is(sendProblem(form({ token: USDC, sendTokenAmount: '1', receiverAddress: 'nope' }), opts), 'Invalid Address')
  assert.is(sendProblem(form({ token: USDC, sendTokenAmount: '5.5', receiverAddress: TO }), opts), undefined)
})

test('behavior: open arguments are read from data.send (AppKit) or as they are; the token is found by address or as native', () => {
  const args = { amount: '1.5', assetAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', namespace: 'eip155', chainId: 1, to: TO }
  assert.equal(sendArgumentsOf({ send: args }), args)
  assert.equal(sendArgumentsOf(args), args)
  assert.is(sendArgumentsOf({ name: 'x' }), undefined)
  assert.is(sendArgumentsOf(undefined), undefined)
  assert.is(findArgumentToken([ETH, USDC], args.assetAddress), USDC)
  assert.is(findArgumentToken([ETH, USDC], ''), ETH)
  assert.is(findArgumentToken([ETH, USDC], '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'), ETH)
  assert.is(findArgumentToken([USDC], '0x0000000000000000000000000000000000000001'), undefined)
})

function connectedStore() {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet, polygon] }))
  setAccountState(store, 'eip155', { address: TO, caipAddress: `eip155:1:${TO}`, status: 'connected' })
  return store
}

test('behavior: a token transfer\'s stack entry returns to Account on success; a native one stays; errors change no view', () => {
  const store = connectedStore()
  store.modal.stack.value = [{ view: 'Account' }, { view: 'WalletSend' }]
  pushTransactionStack(store, { goBack: false })
  assert.equal(popTransactionStack(store, 'success'), { goBack: false })
  assert.equal(store.modal.stack.value.map((r) => r.view), ['Account', 'WalletSend'])
  pushTransactionStack(store, { view: 'Account', goBack: false })
  popTransactionStack(store, 'error')
  assert.equal(store.modal.stack.value.map((r) => r.view), ['Account', 'WalletSend'])
  pushTransactionStack(store, { view: 'Account', goBack: false })
  popTransactionStack(store, 'success')
  assert.equal(store.modal.stack.value.map((r) => r.view), ['Account'])
  assert.is(popTransactionStack(store, 'success'), undefined)
  assert.equal(sendStateFor(store).transactions.value, [])
})

test('behavior: switching network or account resets the form; re-reading the state keeps it', () => {
  const store = connectedStore()
  patchSend(store, { token: ETH, sendTokenAmount: '1', receiverAddress: TO })
  assert.is(sendStateFor(store).form.value.sendTokenAmount, '1')
  store.network.activeCaipNetworkId.value = 'eip155:137'
  assert.equal(sendStateFor(store).form.value, { loading: false, step: 'form' })
  patchSend(store, { token: ETH, sendTokenAmount: '1' })
  setAccountState(store, 'eip155', { address: '0x0000000000000000000000000000000000000002' })
  assert.is(sendStateFor(store).form.value.token, undefined)
})

test('behavior: the events carry AppKit\'s properties', () => {
  const store = connectedStore()
  const seen: ModalEvent[] = []
  subscribeEvents(store, (e) => seen.push(e))
  const f = form({ token: USDC, sendTokenAmount: '1.25', receiverAddress: TO })
  assert.equal(sendEventProperties(store, f, { hash: '0x1' }), { isSmartAccount: false, token: 'USDC', amount: 1.25, network: 'eip155:1', hash: '0x1' })
  emitSendFailure(store, f, new Error('User rejected the request.'), true)
  emitSendFailure(store, f, new Error('boom'), false)
  assert.equal(seen.map((e) => e.data.event), ['SEND_REJECTED', 'SEND_ERROR'])
  assert.equal(seen[1]!.data.properties, { isSmartAccount: false, token: 'USDC', amount: 1.25, network: 'eip155:1', message: 'boom' })
})

test.run()
