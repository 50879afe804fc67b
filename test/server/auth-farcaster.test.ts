// Farcaster login at the auth service, through the stand-in Farcaster Connect relay and the test
// Farcaster client: a channel opened for the secure site's domain; a message signed by the fid's
// custody key logs in (the same fid → the same user); another signer, nonce or domain is refused;
// channels and user names live in the database, so a login opened before a restart completes after it.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { keccak256, toHex } from 'viem'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startFarcasterRelay, type FarcasterRelay } from '../../dev/farcaster/index.ts'
import { registerFid, signInWithFarcaster } from '../../dev/farcaster/client.ts'
import { loginSecret } from './login-secret.ts'

const test = suite<{ api: ApiServer; relay: FarcasterRelay }>('server auth-farcaster', {} as never)
const ORIGIN = 'http://127.0.0.1:4444'

test.before(async (ctx) => {
  ctx.relay = await startFarcasterRelay()
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, emailAuth: { farcasterRelay: ctx.relay.url, farcasterIdRegistry: ctx.relay.idRegistry, shareKey: randomBytes(32).toString('hex') } })
  await registerFid(ctx.relay, 4242, 'alice')
  await registerFid(ctx.relay, 77, 'bob')
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.relay?.stop()
})

const post = async (ctx: { api: ApiServer }, path: string, body: unknown, origin = ORIGIN) => {
  const res = await fetch(`${ctx.api.url}${path}?projectId=test`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, any> }
}
/** Opens a channel as the secure frame does: its secret's hash with the opening, the secret kept. */
const open = async (ctx: { api: ApiServer }) => {
  const { secret, secretHash } = loginSecret()
  const { status, json } = await post(ctx, '/auth/v1/farcaster/channel', { secretHash })
  assert.is(status, 200)
  return { ...(json as { channelToken: string; url: string }), secret }
}

test('behavior: the channel URL is the relay\'s https link for this domain; pending until the client signs; then a session for the fid', async (ctx) => {
  const channel = await open(ctx)
  const url = new URL(channel.url)
  assert.is(url.protocol, 'https:')
  assert.is(url.searchParams.get('domain'), '127.0.0.1:4444')
  assert.is(url.searchParams.get('siweUri'), ORIGIN)
  assert.equal((await post(ctx, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })).json, { state: 'pending' })
  await signInWithFarcaster(ctx.relay.url, channel.url, { fid: 4242 })
  const done = await post(ctx, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })
  assert.is(done.status, 200)
  assert.is(done.json.state, 'completed')
  assert.is(done.json.fid, 4242)
  assert.is(done.json.username, 'alice')
  // The session opens the key endpoint; the user is keyed by fid.
  // The user name comes with the session (from the database), so the secure site stores none.
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token: done.json.token })).json, { email: 'farcaster:4242', username: 'alice', key: null })
  // The channel is spent.
  assert.is((await post(ctx, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })).status, 404)
  // The same fid again: the same user.
  const again = await open(ctx)
  await signInWithFarcaster(ctx.relay.url, again.url, { fid: 4242 })
  const second = await post(ctx, '/auth/v1/farcaster/status', { channelToken: again.channelToken, secret: again.secret })
  const users = await ctx.api.db.query<{ id: string }>("SELECT id FROM embedded_users WHERE email = 'farcaster:4242'")
  assert.is(users.length, 1)
  assert.is(second.json.state, 'completed')
})

test('behavior: a message signed by another key than the fid\'s custody key is refused', async (ctx) => {
  const channel = await open(ctx)
  await signInWithFarcaster(ctx.relay.url, channel.url, { fid: 77, signerKey: keccak256(toHex('someone else')) })
  const res = await post(ctx, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })
  assert.is(res.status, 401)
  assert.match(res.json.reason, /not by fid 77's custody address/)
})

test('behavior: another nonce or another domain in the signed message is refused', async (ctx) => {
  const a = await open(ctx)
  await signInWithFarcaster(ctx.relay.url, a.url, { fid: 77, nonce: 'abcdef0123456789' })
  const wrongNonce = await post(ctx, '/auth/v1/farcaster/status', { channelToken: a.channelToken, secret: a.secret })
  assert.is(wrongNonce.status, 401)
  assert.match(wrongNonce.json.reason, /another nonce/)
  const b = await open(ctx)
  await signInWithFarcaster(ctx.relay.url, b.url, { fid: 77, domain: 'evil.example' })
  const wrongDomain = await post(ctx, '/auth/v1/farcaster/status', { channelToken: b.channelToken, secret: b.secret })
  assert.is(wrongDomain.status, 401)
  assert.match(wrongDomain.json.reason, /evil\.example/)
  const users = await ctx.api.db.query("SELECT id FROM embedded_users WHERE email = 'farcaster:77'")
  assert.is(users.length, 0)
})

test('behavior: channels are for allowed origins only, and polled from the domain that opened them', async (ctx) => {
  assert.is((await post(ctx, '/auth/v1/farcaster/channel', { secretHash: loginSecret().secretHash }, 'https://evil.example')).status, 403)
  const channel = await open(ctx)
  assert.is((await post(ctx, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret }, 'http://127.0.0.1:5555')).status, 404)
})

test('attack: the channel token the page shows (in the channel URL), polled from Node with an allowed Origin, gets no session; the frame still does', async (ctx) => {
  const channel = await open(ctx)
  const token = new URL(channel.url).searchParams.get('channelToken')
  assert.is(token, channel.channelToken, 'the page can read the channel token from the URL it shows')
  await signInWithFarcaster(ctx.relay.url, channel.url, { fid: 4242 })
  const stranger = loginSecret().secret
  for (const body of [{ channelToken: token }, { channelToken: token, secret: stranger }]) {
    const res = await post(ctx, '/auth/v1/farcaster/status', body)
    assert.ok(res.status === 400 || res.status === 403, `refused: ${JSON.stringify(res)}`)
    assert.not.ok(res.json.token)
  }
  const own = await post(ctx, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })
  assert.is(own.json.state, 'completed')
  assert.ok(own.json.token)
})

test.run()

const restart = suite('server auth-farcaster across a restart')
restart('behavior: a channel opened before a restart completes after it, once; the user name stays with the session', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const dir = mkdtempSync(`${tmpdir()}/postern-farcaster-`)
  const relay = await startFarcasterRelay()
  await registerFid(relay, 5150, 'carol')
  const start = () => startApiServer({ chains: [], indexer: false, onrampSandbox: false, dataDir: `${dir}/db`, emailAuth: { farcasterRelay: relay.url, farcasterIdRegistry: relay.idRegistry, shareKeyFile: `${dir}/share.key` } })
  let api: ApiServer | undefined
  try {
    api = await start()
    const channel = await open({ api })
    await api.stop()
    api = await start()
    await signInWithFarcaster(relay.url, channel.url, { fid: 5150 })
    const done = await post({ api }, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })
    assert.is(done.status, 200)
    assert.is(done.json.state, 'completed')
    assert.is((await post({ api }, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })).status, 404)
    await api.stop()
    api = await start()
    assert.is((await post({ api }, '/auth/v1/farcaster/status', { channelToken: channel.channelToken, secret: channel.secret })).status, 404, 'spent stays spent')
    assert.equal((await post({ api }, '/auth/v1/embedded/key', { token: done.json.token })).json, { email: 'farcaster:5150', username: 'carol', key: null })
  } finally {
    await api?.stop()
    await relay.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
restart.run()
