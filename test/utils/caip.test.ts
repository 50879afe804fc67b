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
address('default: truncation keeps both ends', () => {
  assert.is(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), '0xf39F…2266')
  assert.is(truncateAddress('0x1234'), '0x1234')
})
address.run()
