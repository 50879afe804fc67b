// The embedded wallet's auth service: a code by e-mail, the code for a session, and the key shares
// for a session. Called only by the secure site (the site's own page never sees a code or a share).
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { originAllowed } from '../auth/verify.ts'
import { emailAuthConfig } from './config.ts'
import { mailCode, mailDeviceLink } from './mail.ts'
import { createLink, deviceApproved, deviceStatus, registerDevice } from './devices.ts'
import { deviceRoutes } from './device-routes.ts'
import { keyRoutes } from './keys.ts'
import { socialRoutes } from './social.ts'
import { farcasterRoutes } from '../auth-farcaster/routes.ts'
import { emailUpdateRoutes } from './update.ts'
import { checkCode, issueCode, normalizeEmail, openSession } from './store.ts'

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an e-mail address'))
/** The secure site's id of this browser (device verification). */
const DeviceId = v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of hex')))
const StartBody = v.object({ email: Email, deviceId: DeviceId })
const VerifyBody = v.object({ email: Email, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')), deviceId: DeviceId })

function checkOrigin({ state, origin }: RouteContext): void {
  if (!origin || !originAllowed(origin, state.allowedOrigins)) throw new HttpError(403, `origin: ${origin ?? 'none'} is not an allowed origin`)
}

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
]
