// The embedded wallet's key routes, called only by the secure site. A session token keeps the
// session (who, which address) but the shares go out only to a session whose code (or social or
// Farcaster login) was redeemed in the last 5 minutes: a new device, the dashboard's key reveal.
// A device that logged in keeps its own wrapped copy of the key and needs no shares to reload.
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { farcasterProfile } from '../auth-farcaster/store.ts'
import { emailAuthConfig } from './config.ts'
import { seal, unseal } from './seal.ts'
import { closeSession } from './store.ts'
import { closeAllSessions, findKey, freshUser, provenSession, saveKey, savePasskey } from './key-store.ts'

const Token = v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be a session token'))
const Share = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/, 'must be 32 bytes of hex'))
const TokenBody = v.object({ token: Token })
const SaveKeyBody = v.object({ token: Token, address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')), authShare: Share, recoveryShare: Share })
const PasskeyBody = v.object({
  token: Token,
  credentialId: v.pipe(v.string(), v.regex(/^[\w-]{16,1366}$/, 'must be a base64url credential id')),
  salt: v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be 32 bytes, base64url')),
  // The recovery share under the passkey's key: a 12-byte IV and 32 bytes with their 16-byte tag.
  sealed: v.pipe(v.string(), v.regex(/^[\w-]{16}\.[\w-]{64}$/, 'must be iv.ciphertext, base64url')),
})

function wrappingKey(ctx: RouteContext): Buffer {
  const key = emailAuthConfig(ctx.state).wrappingKey
  if (!key) throw new HttpError(503, 'key: this service has no share wrapping key configured')
  return key
}

export const keyRoutes: Route[] = [
  {
    // The session as it stands, without shares: a reload asks this, then opens the key kept on its device.
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/session$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const user = await provenSession(ctx.state.db, parse(TokenBody, ctx.body, 'body').token)
      const key = await findKey(ctx.state.db, user.id)
      const profile = await farcasterProfile(ctx.state.db, user.email)
      return { json: { email: user.email, ...profile, address: key?.address ?? null, passkey: !!key?.passkey } }
    },
  },
  {
    // The shares of the session's key, the sealed one opened: only on fresh proof.
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/key$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const user = await freshUser(ctx.state.db, parse(TokenBody, ctx.body, 'body').token)
      const key = await findKey(ctx.state.db, user.id)
      // A Farcaster user's name comes with the session, so the secure site keeps nothing of it.
      const profile = await farcasterProfile(ctx.state.db, user.email)
      if (!key) return { json: { email: user.email, ...profile, key: null } }
      // Passkey mode: the service holds no copy it can open; the owner's passkey opens this one.
      if (key.passkey) return { json: { email: user.email, ...profile, key: { address: key.address, authShare: key.authShare, recoveryShare: null, passkey: key.passkey } } }
      let recoveryShare: string
      try {
        recoveryShare = unseal(wrappingKey(ctx), key.recoverySealed!, user.id)
      } catch (error) {
        if (error instanceof HttpError) throw error
        // Another wrapping key, another user's seal, or a damaged one: say so rather than fail blindly.
        throw new HttpError(500, 'key: the recovery share cannot be opened with this service\'s wrapping key')
      }
      return { json: { email: user.email, ...profile, key: { address: key.address, authShare: key.authShare, recoveryShare } } }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/key\/new$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const body = parse(SaveKeyBody, ctx.body, 'body')
      const user = await freshUser(ctx.state.db, body.token)
      const sealed = seal(wrappingKey(ctx), body.recoveryShare, user.id)
      const saved = await saveKey(ctx.state.db, user.id, { address: body.address, authShare: body.authShare, recoverySealed: sealed })
      if (!saved) throw new HttpError(409, 'key: this user already has a key')
      return { json: { success: true } }
    },
  },
  {
    // Passkey mode: the recovery share under the passkey's key replaces the service's sealed copy.
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/passkey$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const { token, ...passkey } = parse(PasskeyBody, ctx.body, 'body')
      const user = await freshUser(ctx.state.db, token)
      if (!(await savePasskey(ctx.state.db, user.id, passkey))) throw new HttpError(404, 'key: this user has no key yet')
      return { json: { success: true } }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/signout$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      await closeSession(ctx.state.db, parse(TokenBody, ctx.body, 'body').token)
      return { json: { success: true } }
    },
  },
  {
    // Log out everywhere: every session of the user ends, on every device and site.
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/signout\/all$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const user = await provenSession(ctx.state.db, parse(TokenBody, ctx.body, 'body').token)
      return { json: { success: true, closed: await closeAllSessions(ctx.state.db, user.id) } }
    },
  },
]
