// A user operation's most it can cost: every gas limit, the paymaster's included when present,
// times maxFeePerGas, in the network's own currency.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { userOpFeeRow, userOpGasLimit } from '../../../secure/describe/user-op-fee.ts'
import { nativeCurrency } from '../../../secure/describe/currency.ts'

const test = suite('secure describe: user operation fee')
const op = { callGasLimit: 100_000n, verificationGasLimit: 300_000n, preVerificationGas: 50_000n, maxFeePerGas: 2_000_000_000n }

test('the gas limits are summed; a paymaster adds its verification and post-op limits', () => {
  assert.is(userOpGasLimit(op), 450_000n)
  assert.is(userOpGasLimit({ ...op, paymasterVerificationGasLimit: 70_000n, paymasterPostOpGasLimit: 30_000n }), 550_000n)
})

test("shown in the network's own currency: ETH on 1, POL on 137, never assumed ETH elsewhere", () => {
  assert.equal(userOpFeeRow(op, nativeCurrency(1)), ['Max network fee', '0.0009 ETH'])
  assert.equal(userOpFeeRow({ ...op, paymasterVerificationGasLimit: 50_000n }, nativeCurrency(137)), ['Max network fee', '0.001 POL'])
  assert.match(userOpFeeRow(op, nativeCurrency(999_999))[1], /^0\.0009 \(native currency of eip155:999999\)$/)
})

test.run()
