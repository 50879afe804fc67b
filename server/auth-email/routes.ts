// The embedded wallet's auth service: a code by e-mail, the code for a session, and the key shares
// for a session. Called only by the secure site. The page that embeds it sees the e-mail and the
// code the visitor types, so a code only opens a session for the secure frame that asked for it
// (binding.ts), and a device this user never approved gets a mailed link first.
import * as v from 'valibot'
import { parse } from '../http.ts'
import type { Route } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { emailAuthConfig } from './config.ts'
import { mailCode, mailDeviceLink } from './mail.ts'
import { createLink, deviceStatus, registerDevice } from './devices.ts'
import { DeviceId, Secret, SecretHash, hashHex } from './binding.ts'
import { redeemCode } from './redeem.ts'
import { deviceRoutes } from './device-routes.ts'
import { keyRoutes } from './keys.ts'
import { socialRoutes } from './social.ts'
import { farcasterRoutes } from '../auth-farcaster/routes.ts'
import { emailUpdateRoutes } from './update.ts'
import { issueCode, normalizeEmail, openSession } from './store.ts'

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an e-mail address'))
// A start without a device id is answered as an unknown device's: it cannot skip the approval.
const StartBody = v.object({ email: Email, deviceId: v.optional(DeviceId), secretHash: SecretHash })
const VerifyBody = v.object({ email: Email, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')), deviceId: DeviceId, secret: Secret })

export const emailAuthRoutes: Route[] = [
  ...socialRoutes,
  ...farcasterRoutes,
  ...emailUpdateRoutes,
  ...deviceRoutes,
  ...keyRoutes,
  {
    method: 'POST',
    path: /^\/auth\/v1\/email\/start$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
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
      requireSiteOrigin(ctx)
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
]
