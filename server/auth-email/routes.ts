// The embedded wallet's auth service: a code by e-mail, the code for a session, and the key shares
// for a session. Called only by the secure site (the site's own page never sees a code or a share).
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { emailAuthConfig, seal, unseal } from './config.ts'
import { mailCode, mailDeviceLink } from './mail.ts'
import { createLink, deviceApproved, deviceStatus, registerDevice } from './devices.ts'
import { deviceRoutes } from './device-routes.ts'
import { socialRoutes } from './social.ts'
import { farcasterRoutes } from '../auth-farcaster/routes.ts'
import { farcasterProfile } from '../auth-farcaster/store.ts'
import { emailUpdateRoutes } from './update.ts'
import { checkCode, closeSession, findKey, issueCode, normalizeEmail, openSession, saveKey, sessionUser } from './store.ts'

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an e-mail address'))
const Token = v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be a session token'))
const Share = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/, 'must be 32 bytes of hex'))
/** The secure site's id of this browser (device verification). */
const DeviceId = v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of hex')))
const StartBody = v.object({ email: Email, deviceId: DeviceId })
const VerifyBody = v.object({ email: Email, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')), deviceId: DeviceId })
const TokenBody = v.object({ token: Token })
const SaveKeyBody = v.object({ token: Token, address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')), authShare: Share, recoveryShare: Share })

function checkOrigin(ctx: RouteContext): void {
  requireSiteOrigin(ctx)
}

export const emailAuthRoutes: Route[] = [
  ...socialRoutes,
  ...farcasterRoutes,
  ...emailUpdateRoutes,
  ...deviceRoutes,
  {
    method: 'POST',
    path: /^\/auth\/v1\/email\/start$/,
    access: 'query',
    async handle(ctx) {
      checkOrigin(ctx)
      parse(v.object(SdkQuery), ctx.query, 'query')
      const body = parse(StartBody, ctx.body, 'body')
      const email = normalizeEmail(body.email)
      if (body.deviceId && await deviceStatus(ctx.state.db, email, body.deviceId) === 'unknown') {
        // A browser this user never logged in from: the mailbox approves it first, on the secure site.
        const token = await createLink(ctx.state.db, email, body.deviceId)
        await mailDeviceLink(emailAuthConfig(ctx.state), email, `${ctx.origin}/device.html?token=${token}&projectId=${encodeURIComponent(ctx.query['projectId'] ?? '')}`)
        return { json: { action: 'VERIFY_DEVICE' } }
      }
      const code = await issueCode(ctx.state.db, email)
      await mailCode(emailAuthConfig(ctx.state), email, code)
      return { json: { action: 'VERIFY_OTP' } }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/email\/verify$/,
    access: 'query',
    async handle(ctx) {
      checkOrigin(ctx)
      const body = parse(VerifyBody, ctx.body, 'body')
      const email = normalizeEmail(body.email)
      const device = body.deviceId
      if (device && await deviceStatus(ctx.state.db, email, device) === 'unknown' && !await deviceApproved(ctx.state.db, email, device)) {
        throw new HttpError(403, 'This device is not verified yet: approve it with the link we sent.')
      }
      await checkCode(ctx.state.db, email, body.otp)
      const { token, userId } = await openSession(ctx.state.db, email)
      if (device) await registerDevice(ctx.state.db, userId, device)
      return { json: { token, email } }
    },
  },
  {
    // The shares of the session's key, the sealed one opened: only the secure site asks.
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/key$/,
    access: 'query',
    async handle(ctx) {
      checkOrigin(ctx)
      const { token } = parse(TokenBody, ctx.body, 'body')
      const user = await sessionUser(ctx.state.db, token)
      const key = await findKey(ctx.state.db, user.id)
      // A Farcaster user's name comes with the session, so the secure site keeps nothing of it.
      const profile = await farcasterProfile(ctx.state.db, user.email)
      if (!key) return { json: { email: user.email, ...profile, key: null } }
      let recoveryShare: string
      try {
        recoveryShare = unseal(emailAuthConfig(ctx.state).wrappingKey, key.recoverySealed)
      } catch {
        // Another wrapping key than the one that sealed it: say so rather than fail blindly.
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
      checkOrigin(ctx)
      const body = parse(SaveKeyBody, ctx.body, 'body')
      const user = await sessionUser(ctx.state.db, body.token)
      const sealed = seal(emailAuthConfig(ctx.state).wrappingKey, body.recoveryShare)
      const saved = await saveKey(ctx.state.db, user.id, { address: body.address, authShare: body.authShare, recoverySealed: sealed })
      if (!saved) throw new HttpError(409, 'key: this user already has a key')
      return { json: { success: true } }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/embedded\/signout$/,
    access: 'query',
    async handle(ctx) {
      checkOrigin(ctx)
      await closeSession(ctx.state.db, parse(TokenBody, ctx.body, 'body').token)
      return { json: { success: true } }
    },
  },
]
