// Farcaster login for the embedded wallet: the secure site asks for a channel (this service opens it
// at the Farcaster Connect relay with a nonce of its own, for the secure site's domain), then polls;
// once the relay reports the channel completed, the Sign In With Farcaster message is verified here
// and the user keyed by fid ('farcaster:<fid>') gets a session like an e-mail login. The channel's
// URL (with its token) is shown by the page, so the channel is bound to the secure frame that opened
// it: only the frame's secret (its hash sent with the opening) asks for its status.
import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import type { ServerState } from '../state.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { emailAuthConfig } from '../auth-email/config.ts'
import { openSession } from '../auth-email/store.ts'
import { SiwfError, verifySiwf } from './verify.ts'
import { custodyOf } from './custody.ts'
import { findChannel, saveChannel, saveUsername, spendChannel } from './store.ts'
import { NOT_THIS_LOGIN, Secret, SecretHash, secretMatches } from '../auth-email/binding.ts'

const ChannelToken = v.pipe(v.string(), v.regex(/^[\w-]{8,128}$/, 'must be a channel token'))
const Opened = v.object({ channelToken: ChannelToken, url: v.pipe(v.string(), v.url()), nonce: v.string() })
const Status = v.variant('state', [
  v.object({ state: v.literal('pending') }),
  v.object({
    state: v.literal('completed'),
    message: v.string(),
    signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)),
    fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
    username: v.optional(v.string()),
    custody: v.string(),
  }),
])

const siteOrigin = (ctx: RouteContext): string => requireSiteOrigin(ctx)
function relayUrl(state: ServerState): string {
  const relay = emailAuthConfig(state).farcasterRelay
  if (!relay) throw new HttpError(503, 'farcaster: no relay configured')
  return relay
}
async function relayJson(res: Response): Promise<unknown> {
  if (!res.ok) throw new HttpError(502, `farcaster: the relay answered ${res.status}`)
  return res.json()
}

export const farcasterRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/auth\/v1\/farcaster\/channel$/,
    access: 'query',
    async handle(ctx) {
      const origin = siteOrigin(ctx)
      const { secretHash } = parse(v.object({ secretHash: SecretHash }), ctx.body, 'body')
      const domain = new URL(origin).host
      const nonce = randomBytes(12).toString('hex')
      const res = await fetch(`${relayUrl(ctx.state)}/v1/channel`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: origin, domain, nonce }),
      }).catch(() => { throw new HttpError(502, 'farcaster: the relay cannot be reached') })
      const opened = v.safeParse(Opened, await relayJson(res))
      if (!opened.success || opened.output.nonce !== nonce) throw new HttpError(502, 'farcaster: the relay answered something else')
      await saveChannel(ctx.state.db, opened.output.channelToken, { nonce, domain, secretHash })
      return { json: { channelToken: opened.output.channelToken, url: opened.output.url } }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/farcaster\/status$/,
    access: 'query',
    async handle(ctx) {
      const domain = new URL(siteOrigin(ctx)).host
      const { channelToken, secret } = parse(v.object({ channelToken: ChannelToken, secret: Secret }), ctx.body, 'body')
      const expected = await findChannel(ctx.state.db, channelToken, domain)
      if (!expected) throw new HttpError(404, 'farcaster: no such channel is pending')
      if (!secretMatches(secret, expected.secretHash)) throw new HttpError(403, NOT_THIS_LOGIN)
      const res = await fetch(`${relayUrl(ctx.state)}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
        .catch(() => { throw new HttpError(502, 'farcaster: the relay cannot be reached') })
      const status = v.safeParse(Status, await relayJson(res))
      if (!status.success) throw new HttpError(502, 'farcaster: the relay answered something else')
      if (status.output.state === 'pending') return { json: { state: 'pending' } }
      // One answer per channel: verified or refused, the channel is spent.
      if (!(await spendChannel(ctx.state.db, channelToken))) throw new HttpError(404, 'farcaster: no such channel is pending')
      const done = status.output
      try {
        // The custody address comes from the chain (IdRegistry.custodyOf), never from the relay's reply.
        const custody = await custodyOf(emailAuthConfig(ctx.state).farcasterIdRegistry, done.fid)
        await verifySiwf({ message: done.message, signature: done.signature as `0x${string}`, fid: done.fid, custody }, expected)
      } catch (error) {
        if (error instanceof SiwfError) throw new HttpError(401, `farcaster: ${error.message}`)
        throw error
      }
      if (done.username) await saveUsername(ctx.state.db, done.fid, done.username)
      const { token } = await openSession(ctx.state.db, `farcaster:${done.fid}`)
      return { json: { state: 'completed', token, fid: done.fid, username: done.username ?? null } }
    },
  },
]
