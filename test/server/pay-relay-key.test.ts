// The relayer's sealing key: required in production, a bad one named, a development key kept in
// the state folder across restarts; a sealed deposit key opens only with its key and its quote.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { generatePrivateKey } from 'viem/accounts'
import { loadRelayKey, openDepositKey, payRelayFromEnv, sealDepositKey } from '../../server/pay-relay-key.ts'

const KEY = 'ab'.repeat(32)

test('production without PAY_RELAY_KEY or PAY_RELAY_KEY_FILE refuses to start, naming them', () => {
  assert.throws(() => payRelayFromEnv({ NODE_ENV: 'production' }, '/var/lib/postern'), /^PAY_RELAY_KEY or PAY_RELAY_KEY_FILE: .* required in production/)
  assert.equal(payRelayFromEnv({ NODE_ENV: 'production', PAY_RELAY_KEY: KEY }, undefined), { key: KEY })
  assert.equal(payRelayFromEnv({ NODE_ENV: 'production', PAY_RELAY_KEY_FILE: '/run/secrets/relay' }, undefined), { keyFile: '/run/secrets/relay' })
  assert.throws(() => payRelayFromEnv({ PAY_RELAY_KEY: 'short' }, undefined), /PAY_RELAY_KEY: must be 64 hex digits/)
})

test('how the relayer reads chains and pays, from the environment: each setting when set; a bad one refuses to start, naming it', () => {
  assert.equal(payRelayFromEnv({ PAY_RELAY_KEY: KEY, PAY_RELAY_MAX_BLOCK_RANGE: '500', PAY_RELAY_REORG_BLOCKS: '0', PAY_RELAY_CONFIRMATIONS: '3', PAY_RELAY_PAYOUT_ATTEMPTS: '2' }, undefined), { key: KEY, maxBlockRange: 500, reorgBlocks: 0, confirmations: 3, payoutAttempts: 2 })
  assert.throws(() => payRelayFromEnv({ PAY_RELAY_MAX_BLOCK_RANGE: '0' }, undefined), /^PAY_RELAY_MAX_BLOCK_RANGE: must be a whole number of blocks from 1 to 1,000,000$/)
  assert.throws(() => payRelayFromEnv({ PAY_RELAY_REORG_BLOCKS: '-1' }, undefined), /^PAY_RELAY_REORG_BLOCKS: must be a whole number of blocks from 0 to 10,000$/)
  assert.throws(() => payRelayFromEnv({ PAY_RELAY_CONFIRMATIONS: 'x' }, undefined), /^PAY_RELAY_CONFIRMATIONS: must be a whole number of blocks from 0 to 10,000$/)
  assert.throws(() => payRelayFromEnv({ PAY_RELAY_PAYOUT_ATTEMPTS: '11' }, undefined), /^PAY_RELAY_PAYOUT_ATTEMPTS: must be a whole number of attempts from 1 to 10$/)
})

test('development: the key is generated once in the state folder (mode 0600) and read again after a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-relay-key-'))
  try {
    const opts = payRelayFromEnv({}, dir)
    assert.equal(opts, { keyFile: `${dir}/pay-relay.key` })
    const first = loadRelayKey(opts)
    assert.is(first.length, 32)
    assert.is(statSync(`${dir}/pay-relay.key`).mode & 0o777, 0o600)
    assert.ok(loadRelayKey(opts).equals(first), 'the same key after a restart')
    assert.is(readFileSync(`${dir}/pay-relay.key`, 'utf8'), first.toString('hex'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a sealed deposit key holds no plain key and opens only with its key and for its own quote', () => {
  const key = Buffer.from(KEY, 'hex')
  const deposit = generatePrivateKey()
  const requestId = `0x${'11'.repeat(32)}`
  const sealed = sealDepositKey(key, requestId, deposit)
  assert.not.ok(sealed.includes(deposit.slice(2)))
  assert.is(openDepositKey(key, requestId, sealed), deposit)
  assert.throws(() => openDepositKey(Buffer.alloc(32), requestId, sealed), /cannot be opened with this server's PAY_RELAY_KEY/)
  assert.throws(() => openDepositKey(key, `0x${'22'.repeat(32)}`, sealed), /cannot be opened/)
  assert.throws(() => openDepositKey(key, requestId, 'garbage'), /not in a known format/)
  assert.is(openDepositKey(key, requestId, deposit), deposit, 'a key stored before sealing existed')
})

test.run()
