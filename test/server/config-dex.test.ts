// The deployable server's environment: a DEX per chain for the convert endpoints and the onramp sandbox switch.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { configFromEnv } from '../../server/config.ts'

const test = suite('server config: EVM_DEX and ONRAMP_SANDBOX')
const ROUTER = '0x31c91FD3540b5cE5780AFe47E442814e229BC019'
const WETH = '0x72bb9c7ffbE2Ed234e53bc64862DdA6d9fFF333b'
const USDC = '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9'

test('behavior: EVM_DEX gives the chain a router offering its EVM_TOKENS token; ONRAMP_SANDBOX=off turns the page off', () => {
  const c = configFromEnv({ EVM_RPC_URLS: '1=http://127.0.0.1:8545,137=http://127.0.0.1:8546', EVM_TOKENS: `1:${USDC}:USDC:USD Coin:6`, EVM_DEX: `1:${ROUTER}:${WETH}`, ONRAMP_SANDBOX: 'off' })
  assert.equal(c.chains[0]!.dex, { router: ROUTER, weth: WETH, tokens: [{ address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }] })
  assert.is(c.chains[1]!.dex, undefined)
  assert.is(c.onrampSandbox, false)
  assert.is(configFromEnv({}).onrampSandbox, false, 'off unless asked for')
  assert.is(configFromEnv({ ONRAMP_SANDBOX: 'on' }).onrampSandbox, true)
})

test('behavior: a malformed EVM_DEX is refused naming the variable', () => {
  assert.throws(() => configFromEnv({ EVM_DEX: '1:0x12' }), /EVM_DEX\.0: must be chainId:router:weth/)
  assert.throws(() => configFromEnv({ ONRAMP_SANDBOX: 'maybe' }), /ONRAMP_SANDBOX: must be on or off/)
})

test.run()
