// The secure site server's settings from the environment, and the config.js it serves from them.
import * as v from 'valibot'

const Url = v.pipe(v.string(), v.url('must be an http(s) URL'), v.regex(/^https?:\/\//i, 'must be an http(s) URL'))
const Env = v.object({
  AUTH_URL: v.optional(Url),
  OIDC_ISSUER: v.optional(Url),
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)), '8788'),
  HOST: v.optional(v.string(), '0.0.0.0'),
})

export interface SecureSiteEnv { authUrl: string; oidcIssuer?: string; port: number; host: string }

/** The site's settings; throws naming the variable when one is bad or missing. */
export function secureSiteEnv(env: Record<string, string | undefined>): SecureSiteEnv {
  const parsed = v.safeParse(Env, env)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new Error(`${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`)
  }
  const { AUTH_URL, OIDC_ISSUER, PORT, HOST } = parsed.output
  if (!AUTH_URL) throw new Error('AUTH_URL: is required, the URL of the postern-server whose auth service the site trusts')
  return { authUrl: AUTH_URL.replace(/\/$/, ''), oidcIssuer: OIDC_ISSUER?.replace(/\/$/, ''), port: PORT, host: HOST }
}

/** What the site's config.js sets: what secure/config.ts reads. */
export function configScript(config: { authUrl: string; oidcIssuer?: string }): string {
  const value = { authUrl: config.authUrl, ...(config.oidcIssuer && { oidcIssuer: config.oidcIssuer }) }
  // Escaped for a script: no '</script>' or line separator in a URL can end or break it.
  const json = JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  return `window.POSTERN_SECURE_CONFIG = ${json};\n`
}
