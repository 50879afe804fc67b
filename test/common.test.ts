// postern/common: AppKit 1.8's @reown/appkit-common names a site uses, with AppKit's behaviour.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as common from '../src/common'
import { appkitNames } from './appkit-entries'

const test = suite('postern/common')

test('exports: AppKit\'s names but for its internal helpers (the README table says why)', () => {
  assert.equal(appkitNames('common', common).missing, [
    'ConstantsUtil', 'ContractUtil', 'DateUtil', 'Emitter', 'ErrorUtil', 'HelpersUtil', 'InputUtil', 'NavigationUtil', 'NetworkUtil', 'NumberUtil',
    'PresetsUtil', 'SafeLocalStorage', 'SafeLocalStorageKeys', 'getSafeConnectorIdKey', 'getW3mThemeVariables', 'isReownName', 'isSafe',
  ])
})

test('behavior: ParseUtil parses CAIP ids and refuses malformed ones with AppKit\'s errors', () => {
  assert.equal(common.ParseUtil.parseCaipAddress('eip155:1:0xabc'), { chainNamespace: 'eip155', chainId: '1', address: '0xabc' })
  assert.equal(common.ParseUtil.parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), { chainNamespace: 'solana', chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  assert.throws(() => common.ParseUtil.parseCaipAddress('eip155:1'), /Invalid CAIP-10 address: eip155:1/)
  assert.throws(() => common.ParseUtil.parseCaipAddress('eip155:1:0xabc:extra'), /Invalid CAIP-10 address/)
  assert.throws(() => common.ParseUtil.parseCaipNetworkId('eip155'), /Invalid CAIP-2 network id: eip155/)
  assert.throws(() => common.ParseUtil.validateCaipAddress('0xabc'), /Invalid CAIP Address/)
  assert.is(common.ParseUtil.validateCaipAddress('eip155:1:0xabc'), 'eip155:1:0xabc')
})

test('behavior: the error classes carry AppKit\'s names, codes and messages', () => {
  const rejected = new common.UserRejectedRequestError(new Error('no'))
  assert.ok(rejected instanceof Error)
  assert.equal([rejected.name, rejected.code, rejected.message, (rejected.cause as Error).message], ['UserRejectedRequestError', 4001, 'User rejected the request', 'no'])
  const failed = new common.SendTransactionError('out of gas')
  assert.equal([failed.name, failed.code, failed.message], ['SendTransactionError', 5001, 'out of gas'])
  assert.equal(common.erc20ABI.map((f) => `${f.name}(${f.inputs.map((i) => i.type).join(',')})`), ['transfer(address,uint256)', 'transferFrom(address,address,uint256)'])
  assert.ok(common.AVAILABLE_NAMESPACES.includes('eip155'))
})

test.run()
