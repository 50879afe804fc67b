// Farcaster: the fid's custody address is read from the IdRegistry on (the local) OP Mainnet,
// never taken from the relay: a relay that names an attacker's key as custody signs no one in.
import { randomBytes } from 'node:crypto'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import { keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startApiServer } from '../../../server/index.ts'
import { startFarcasterRelay } from '../../../dev/farcaster/index.ts'
import { custodyAddress, registerFid, signInWithFarcaster } from '../../../dev/farcaster/client.ts'
import type { ApiCtx } from '../../dev/api-fixture.ts'
import { loginSecret } from '../login-secret.ts'

const ORIGIN = 'http://127.0.0.1:4444'

export function farcasterCustodyCases(test: Test<ApiCtx>): void {
  test('farcaster: a relay reporting another custody address than the chain holds signs no one in', async (ctx) => {
    const relay = await startFarcasterRelay()
    const api = await startApiServer({ chains: [], indexer: false, databaseUrl: await ctx.postgres?.createDatabase(), emailAuth: { farcasterRelay: relay.url, farcasterIdRegistry: relay.idRegistry, shareKey: randomBytes(32).toString('hex') } })
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${api.url}${path}?projectId=test`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: res.status, json: (await res.json()) as Record<string, any> }
    }
    /** A channel opened as the secure frame opens it: bound to a one-time secret it keeps for the status calls. */
    const openChannel = async () => {
      const { secret, secretHash } = loginSecret()
      return { ...((await post('/auth/v1/farcaster/channel', { secretHash })).json as { channelToken: string; url: string }), secret }
    }
    try {
      const fid = 9001
      await registerFid(relay, fid, 'victim')
      const attacker = keccak256(toHex('attacker'))
      // The relay vouches for the attacker's address as the fid's custody; the attacker signs as it.
      relay.misreport(fid, privateKeyToAccount(attacker).address)
      const channel = await openChannel()
      await signInWithFarcaster(relay.url, channel.url, { fid, signerKey: attacker, claimCustody: true })
      const res = await post('/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })
      assert.is(res.status, 401, JSON.stringify(res.json))
      assert.is(res.json.reason, `farcaster: the message's address is not fid ${fid}'s custody address`)
      assert.is((await api.db.query("SELECT id FROM embedded_users WHERE email = 'farcaster:9001'")).length, 0)
      // An fid the registry does not hold is refused, whatever the relay says.
      relay.misreport(9002, privateKeyToAccount(attacker).address)
      const other = await openChannel()
      await signInWithFarcaster(relay.url, other.url, { fid: 9002, signerKey: attacker, claimCustody: true })
      const unregistered = await post('/auth/v1/farcaster/status', { channelToken: other.channelToken, secret: other.secret })
      assert.is(unregistered.status, 401)
      assert.is(unregistered.json.reason, 'farcaster: fid 9002 is not registered')
      // The fid's own custody key, as the chain has it, signs in.
      relay.misreport(fid, custodyAddress(fid))
      const own = await openChannel()
      await signInWithFarcaster(relay.url, own.url, { fid })
      assert.is((await post('/auth/v1/farcaster/status', { channelToken: own.channelToken, secret: own.secret })).status, 200)
    } finally {
      await api.stop()
      await relay.stop()
    }
  })
}
