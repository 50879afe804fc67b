// The device-verification link's two ends: the secure site's device.html spends the mailed token
// (then a login code goes out), and the waiting secure frame asks whether its device is approved.
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { emailAuthConfig } from './config.ts'
import { mailCode } from './mail.ts'
import { issueCode, normalizeEmail } from './store.ts'
import { approveLink, deviceApproved } from './devices.ts'
import { DeviceId, Secret } from './binding.ts'

const ApproveBody = v.object({ token: v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be a link token')) })
const StatusBody = v.object({ email: v.pipe(v.string(), v.trim(), v.email('must be an e-mail address')), deviceId: DeviceId, secret: Secret })

export const deviceRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/auth\/v1\/device\/approve$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const link = await approveLink(ctx.state.db, parse(ApproveBody, ctx.body, 'body').token)
      if (!link) throw new HttpError(400, 'This link is unknown, used or expired. Log in again for a new one.')
      // The code goes to the login that asked for the link, on its device: no other may redeem it.
      const code = await issueCode(ctx.state.db, link.email, { secretHash: link.secretHash, purpose: 'login', deviceHash: link.deviceHash })
      await mailCode(emailAuthConfig(ctx.state), link.email, code)
      return { json: { email: link.email } }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/device\/status$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const body = parse(StatusBody, ctx.body, 'body')
      return { json: { approved: await deviceApproved(ctx.state.db, normalizeEmail(body.email), body.deviceId, body.secret) } }
    },
  },
]
