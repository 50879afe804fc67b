import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseCaipAddress, parseCaipNetworkId } from '../../src/utils/caip'
import { isEvmAddress, isSolanaAddress, truncateAddress } from '../../src/utils/address'

const caip = suite('caip')
caip('parameters: a CAIP address has three non-empty parts and a known namespace', () => {
  assert.equal(parseCaipAddress('eip155:1:0xabc'), { namespace: 'eip155', chainId: '1', address: '0xabc' })
  assert.is(parseCaipAddress('eip155:1'), undefined)
  assert.is(parseCaipAddress('eip155:1:0xabc:extra'), undefined)
  assert.is(parseCaipAddress('eip155::0xabc'), undefined)
  assert.is(parseCaipAddress('unknown:1:0xabc'), undefined)
})
caip('parameters: a CAIP network id has exactly two parts', () => {
  assert.equal(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), { namespace: 'solana', chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  assert.is(parseCaipNetworkId('eip155'), undefined)
  assert.is(parseCaipNetworkId('eip155:1:2'), undefined)
  assert.is(parseCaipNetworkId('cosmos:'), undefined)
})
caip('parameters: CAIP addresses of every known namespace, and the invalid forms', () => {
  const sol = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  assert.equal(parseCaipAddress(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${sol}`), { namespace: 'solana', chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: sol })
  for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) assert.ok(parseCaipAddress(`${ns}:x:y`), ns)
  for (const bad of ['', ':', '::', 'eip155:1:', ':1:0xabc', 'solana::' + sol, 'Solana:1:' + sol, 'near:1:T9yD', 'eip155:1:0xabc:', 'eip155 1 0xabc']) {
    assert.is(parseCaipAddress(bad), undefined, JSON.stringify(bad))
  }
})
caip('parameters: CAIP network ids: the three Solana ids are valid; empty or extra parts are not', () => {
  for (const id of ['5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z']) {
    assert.equal(parseCaipNetworkId(`solana:${id}`), { namespace: 'solana', chainId: id })
  }
  assert.equal(parseCaipNetworkId('eip155:137'), { namespace: 'eip155', chainId: '137' })
  for (const bad of ['', ':', ':1', 'solana:', 'near:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:x']) assert.is(parseCaipNetworkId(bad), undefined, JSON.stringify(bad))
})
caip.run()

const address = suite('address')
address('behavior: EVM addresses are 40 hex digits with an optional 0x', () => {
  assert.ok(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
  assert.ok(isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
  assert.not.ok(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226'))
  assert.not.ok(isEvmAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
})
address('behavior: Solana addresses are 32 to 44 base58 characters', () => {
  assert.ok(isSolanaAddress('11111111111111111111111111111111'))
  assert.ok(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'))
  assert.not.ok(isSolanaAddress('1111111111111111111111111111111'))
  assert.not.ok(isSolanaAddress('0OIl111111111111111111111111111111'))
})
address('behavior: Solana length bounds and alphabet (no 0, O, I, l), no padding or prefixes', () => {
  const valid = ['So11111111111111111111111111111111111111112', 'AZFi8xTsL8FnYMY6ZcwjENZ1W9gvVXjkr3YXUMMYGkgN', 'z'.repeat(44), '2'.repeat(32)]
  for (const value of valid) assert.ok(isSolanaAddress(value), value)
  const invalid = ['', 'z'.repeat(45), '2'.repeat(31), `0${'1'.repeat(40)}`, `O${'1'.repeat(40)}`, `I${'1'.repeat(40)}`, `l${'1'.repeat(40)}`, ` ${'1'.repeat(40)}`, `${'1'.repeat(40)}\n`, `solana:${'1'.repeat(40)}`, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']
  for (const value of invalid) assert.not.ok(isSolanaAddress(value), JSON.stringify(value))
})
address('behavior: EVM addresses reject wrong prefixes, lengths and Solana addresses', () => {
  for (const value of ['0Xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922666', '', '0x', 'AZFi8xTsL8FnYMY6ZcwjENZ1W9gvVXjkr3YXUMMYGkgN', ' 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
    assert.not.ok(isEvmAddress(value), JSON.stringify(value))
  }
})
address('default: truncation keeps both ends', () => {
  assert.is(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), '0xf39F…2266')
  assert.is(truncateAddress('0x1234'), '0x1234')
  assert.is(truncateAddress('AZFi8xTsL8FnYMY6ZcwjENZ1W9gvVXjkr3YXUMMYGkgN'), 'AZFi…GkgN')
})
address.run()
