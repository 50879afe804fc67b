// Changing the e-mail of an embedded wallet (AppKit's UpdateEmailWallet flow): the current address
// confirms a code first (primary OTP), then the new one (secondary OTP); only then does the user's
// e-mail change. The key stays the user's: shares are kept by user, not by e-mail. Both codes are
// bound to the change's secret (binding.ts): the page sees them typed, but cannot redeem them, nor
// use them as login codes.
import * as v from 'valibot'
import type { Db } from '../db/index.ts'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { emailAuthConfig } from './config.ts'
import { mailCode } from './mail.ts'
import { issueCode, normalizeEmail, sessionUser } from './store.ts'
import { NOT_THIS_LOGIN, Secret, SecretHash, hashHex, secretMatches } from './binding.ts'
import { redeemCode } from './redeem.ts'
import { freshUser, markProven } from './key-store.ts'

/** A pending change is dropped after the codes' own lifetime. */
const UPDATE_TTL_MS = 10 * 60_000

const Token = v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be a session token'))
const StartBody = v.object({ token: Token, email: v.pipe(v.string(), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an e-mail address')), secretHash: SecretHash })
const OtpBody = v.object({ token: Token, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')), secret: Secret })

async function pendingUpdate(db: Db, userId: string, stage: 'primary' | 'secondary', secret: string, now = Date.now()): Promise<string> {
  const [row] = await db.query<{ new_email: string; stage: string; created_at: string; secret_hash: string }>(
    'SELECT new_email, stage, created_at, secret_hash FROM email_updates WHERE user_id = $1', [userId])
  if (!row || row.stage !== stage || Number(row.created_at) + UPDATE_TTL_MS <= now) throw new HttpError(400, 'No e-mail change is pending. Start again.')
  if (!secretMatches(secret, row.secret_hash)) throw new HttpError(403, NOT_THIS_LOGIN)
  return row.new_email
}

async function emailUser(db: Db, token: string): Promise<{ id: string; email: string }> {
  const user = await sessionUser(db, token)
  if (user.email.startsWith('social:')) throw new HttpError(400, 'Only an e-mail login can change its e-mail.')
  return user
}

async function ensureFree(db: Db, email: string): Promise<void> {
  const [taken] = await db.query('SELECT id FROM embedded_users WHERE email = $1', [email])
  if (taken) throw new HttpError(409, 'This e-mail is already used by another wallet.')
}

export const emailUpdateRoutes: Route[] = [
  {
    // The new address is kept; the current one gets a code.
    method: 'POST',
    path: /^\/auth\/v1\/email\/update$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const body = parse(StartBody, ctx.body, 'body')
      const user = await emailUser(ctx.state.db, body.token)
      const email = normalizeEmail(body.email)
      if (email === user.email) throw new HttpError(400, 'This is already your e-mail.')
      await ensureFree(ctx.state.db, email)
      const code = await issueCode(ctx.state.db, user.email, { secretHash: body.secretHash, purpose: 'change' })
      await ctx.state.db.query(
        `INSERT INTO email_updates (user_id, new_email, stage, created_at, secret_hash) VALUES ($1, $2, 'primary', $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET new_email = $2, stage = 'primary', created_at = $3, secret_hash = $4`, [user.id, email, Date.now(), body.secretHash])
      await mailCode(emailAuthConfig(ctx.state), user.email, code, 'change')
      return { json: { action: 'VERIFY_PRIMARY_OTP' } }
    },
  },
  {
    // The current address confirmed: the new one gets a code.
    method: 'POST',
    path: /^\/auth\/v1\/email\/update\/primary$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const body = parse(OtpBody, ctx.body, 'body')
      const user = await emailUser(ctx.state.db, body.token)
      const email = await pendingUpdate(ctx.state.db, user.id, 'primary', body.secret)
      await redeemCode(ctx.state, user.email, body.otp, { secret: body.secret, purpose: 'change' })
      await markProven(ctx.state.db, body.token)
      const code = await issueCode(ctx.state.db, email, { secretHash: hashHex(body.secret), purpose: 'change' })
      await ctx.state.db.query("UPDATE email_updates SET stage = 'secondary' WHERE user_id = $1", [user.id])
      await mailCode(emailAuthConfig(ctx.state), email, code, 'change')
      return { json: { action: 'VERIFY_SECONDARY_OTP' } }
    },
  },
  {
    // The new address confirmed: it becomes the user's e-mail, if the current address's code (or
    // the login) was redeemed by this session in the last 5 minutes.
    method: 'POST',
    path: /^\/auth\/v1\/email\/update\/secondary$/,
    access: 'query',
    async handle(ctx) {
      requireSiteOrigin(ctx)
      const body = parse(OtpBody, ctx.body, 'body')
      const user = await emailUser(ctx.state.db, body.token)
      await freshUser(ctx.state.db, body.token)
      const email = await pendingUpdate(ctx.state.db, user.id, 'secondary', body.secret)
      await redeemCode(ctx.state, email, body.otp, { secret: body.secret, purpose: 'change' })
      await ctx.state.db.transaction(async (tx) => {
        const [taken] = await tx.query('SELECT id FROM embedded_users WHERE email = $1', [email])
        if (taken) throw new HttpError(409, 'This e-mail is already used by another wallet.')
        await tx.query('UPDATE embedded_users SET email = $1 WHERE id = $2', [email, user.id])
        await tx.query('DELETE FROM email_updates WHERE user_id = $1', [user.id])
      })
      return { json: { newEmail: email } }
    },
  },
]
