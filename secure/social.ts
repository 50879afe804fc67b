// Social login in the secure site: an authorization-code request with PKCE (oauth4webapi) for the
// popup, and the redirect's parameters (left by callback.html on this origin) for the auth service.
// The PKCE verifier is this login's one-time secret: its S256 challenge is registered with the auth
// service at the start, and only the exchange that shows the verifier (never posted to the page) is
// redeemed there.
import * as oauth from 'oauth4webapi'
import * as v from 'valibot'
import type { SecureConfig } from './config'
import { authCall } from './auth-call'

const PENDING_KEY = '@postern-secure/oauth_pending'
const CALLBACK_KEY = '@postern-secure/oauth_callback'
/** How long the popup may take: a person types a password there. */
const CALLBACK_WAIT_MS = 5 * 60_000

export interface SocialResult { provider: string; callbackUrl: string; redirectUri: string; codeVerifier: string; state: string }

const redirectUri = () => new URL('callback.html', location.href).href

export async function socialRedirectUri(config: SecureConfig, provider: string): Promise<string> {
  if (!config.oidcIssuer) throw new Error('Social login is not configured')
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier)
  await authCall(config, '/auth/v1/social/start', { provider, state, codeChallenge }, v.unknown())
  localStorage.setItem(PENDING_KEY, JSON.stringify({ provider, codeVerifier, state }))
  localStorage.removeItem(CALLBACK_KEY)
  const url = new URL(`${config.oidcIssuer}/auth`)
  url.search = new URLSearchParams({
    client_id: provider, redirect_uri: redirectUri(), response_type: 'code', scope: 'openid profile', state,
    code_challenge: codeChallenge, code_challenge_method: 'S256',
  }).toString()
  return url.href
}

/** Waits for callback.html to leave the provider's redirect, then hands it over with the verifier. */
export function socialCallback(): Promise<SocialResult> {
  const pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as { provider: string; codeVerifier: string; state: string } | null
  if (!pending) return Promise.reject(new Error('No social login is pending'))
  return new Promise((resolve, reject) => {
    const done = (callbackUrl: string) => {
      clearTimeout(timer)
      window.removeEventListener('storage', onStorage)
      localStorage.removeItem(CALLBACK_KEY)
      localStorage.removeItem(PENDING_KEY)
      resolve({ ...pending, callbackUrl, redirectUri: redirectUri() })
    }
    const onStorage = (event: StorageEvent) => event.key === CALLBACK_KEY && event.newValue && done(event.newValue)
    const timer = setTimeout(() => {
      window.removeEventListener('storage', onStorage)
      reject(new Error('Social login timed out'))
    }, CALLBACK_WAIT_MS)
    window.addEventListener('storage', onStorage)
    const already = localStorage.getItem(CALLBACK_KEY)
    if (already) done(already)
  })
}
