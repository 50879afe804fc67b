// The embedded wallet's auth service: a code by e-mail, the code for a session, and the key shares
// for a session. Called only by the secure site. The page that embeds it sees the e-mail and the
// code the visitor types, so a code only opens a session for the secure frame that asked for it
// (binding.ts), and a device this user never approved gets a mailed link first.
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { originAllowed } from '../auth/verify.ts'
import { emailAuthConfig, seal, unseal } from './config.ts'
import { mailCode, mailDeviceLink } from './mail.ts'
import { createLink, deviceStatus, registerDevice } from './devices.ts'
import { DeviceId, Secret, SecretHash, hashHex } from './binding.ts'
import { redeemCode } from './redeem.ts'
import { deviceRoutes } from './device-routes.ts'
import { socialRoutes } from './social.ts'
import { farcasterRoutes } from '../auth-farcaster/routes.ts'
import { farcasterProfile } from '../auth-farcaster/store.ts'
import { emailUpdateRoutes } from './update.ts'
import { closeSession, findKey, issueCode, normalizeEmail, openSession, saveKey, sessionUser } from './store.ts'

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an e-mail address'))
const Token = v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be a session token'))
const Share = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/, 'must be 32 bytes of hex'))
// A start without a device id is answered as an unknown device's: it cannot skip the approval.
const StartBody = v.object({ email: Email, deviceId: v.optional(DeviceId), secretHash: SecretHash })
const VerifyBody = v.object({ email: Email, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')), deviceId: DeviceId, secret: Secret })
const TokenBody = v.object({ token: Token })
const SaveKeyBody = v.object({ token: Token, address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')), authShare: Share, recoveryShare: Share })

function checkOrigin({ state, origin }: RouteContext): void {
  if (!origin || !originAllowed(origin, state.allowedOrigins)) throw new HttpError(403, `origin: ${origin ?? 'none'} is not an allowed origin`)
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
      if (!body.deviceId || await deviceStatus(ctx.state.db, email, body.deviceId) === 'unknown') {
        // A browser this user never logged in from: the mailbox approves it first, on the secure
        // site. Without a device id there is nothing to approve, and no code either.
        if (!body.deviceId) return { json: { action: 'VERIFY_DEVICE' } }
        const token = await createLink(ctx.state.db, email, body.deviceId, body.secretHash)
        await mailDeviceLink(emailAuthConfig(ctx.state), email, `${ctx.origin}/device.html?token=${token}&projectId=${encodeURIComponent(ctx.query['projectId'] ?? '')}`)
        return { json: { action: 'VERIFY_DEVICE' } }
      }
      const code = await issueCode(ctx.state.db, email, { secretHash: body.secretHash, purpose: 'login', deviceHash: hashHex(body.deviceId) })
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
      // The code was mailed for one login on one device (a known one, a new user's first, or one
      // its link approved): only that login's secret and device redeem it.
      await redeemCode(ctx.state, email, body.otp, { secret: body.secret, purpose: 'login', deviceId: body.deviceId })
      const { token, userId } = await openSession(ctx.state.db, email)
      await registerDevice(ctx.state.db, userId, body.deviceId)
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
