// Social login for the embedded wallet: the secure site sends the provider's redirect (code, state)
// with its PKCE verifier; this service redeems the code at the provider over the direct channel
// (oauth4webapi) and keys the user by provider and subject. One issuer stands in for all six.
// The start is bound to the secure frame: it registers its state and PKCE challenge (the SHA-256 of
// its verifier) here, and the exchange is refused unless it names a registered state, once, with
// the verifier that hashes to it, so a code captured outside the frame is worthless here.
import * as oauth from 'oauth4webapi'
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { emailAuthConfig } from './config.ts'
import { openSession } from './store.ts'
import { claimSocialStart, saveSocialStart } from './social-starts.ts'

const SOCIALS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
const StartBody = v.object({
  provider: v.picklist(SOCIALS, 'must be one of the six providers'),
  state: v.pipe(v.string(), v.regex(/^[\w.~-]{8,256}$/, 'must be an OAuth state')),
  codeChallenge: v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'must be an S256 code challenge')),
})
const Body = v.object({
  provider: v.picklist(SOCIALS, 'must be one of the six providers'),
  callbackUrl: v.pipe(v.string(), v.url()),
  redirectUri: v.pipe(v.string(), v.url()),
  codeVerifier: v.pipe(v.string(), v.regex(/^[\w.~-]{43,128}$/)),
  state: v.pipe(v.string(), v.minLength(8), v.maxLength(256)),
})

const insecure = (issuer: URL) => ({ [oauth.allowInsecureRequests]: issuer.protocol === 'http:' })

export async function redeemCode(issuerUrl: string, body: v.InferOutput<typeof Body>): Promise<string> {
  const issuer = new URL(issuerUrl)
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure(issuer)))
  const client = { client_id: body.provider }
  const params = oauth.validateAuthResponse(as, client, new URL(body.callbackUrl), body.state)
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, body.redirectUri, body.codeVerifier, insecure(issuer))
  const result = await oauth.processAuthorizationCodeResponse(as, client, response)
  const sub = oauth.getValidatedIdTokenClaims(result)?.sub
  if (!sub) throw new HttpError(401, 'social: the provider named no subject')
  return sub
}

export const socialRoutes: Route[] = [{
  method: 'POST',
  path: /^\/auth\/v1\/social\/start$/,
  access: 'query',
  async handle(ctx) {
    const { state, body } = ctx
    requireSiteOrigin(ctx)
    const input = parse(StartBody, body, 'body')
    await saveSocialStart(state.db, input.state, input.provider, input.codeChallenge)
    return { json: { success: true } }
  },
}, {
  method: 'POST',
  path: /^\/auth\/v1\/social\/verify$/,
  access: 'query',
  async handle({ state, body, origin, query }) {
    requireSiteOrigin({ state, origin, query })
    const input = parse(Body, body, 'body')
    const issuer = emailAuthConfig(state).oidcIssuer
    if (!issuer) throw new HttpError(503, 'social: no OpenID provider configured')
    await claimSocialStart(state.db, input.state, input.provider, input.codeVerifier)
    let sub: string
    try {
      sub = await redeemCode(issuer, input)
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw new HttpError(401, `social: ${(error as Error).message}`)
    }
    // Social users share the users table, keyed apart from e-mails by the prefix.
    const { token } = await openSession(state.db, `social:${input.provider}:${sub}`)
    return { json: { token, userName: sub } }
  },
}]
