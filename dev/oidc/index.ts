// The local OpenID provider standing in for the six social providers (oidc-provider): one public
// client per provider name (authorization code + PKCE), its built-in login form (any name logs in).
import { createServer } from 'node:http'
import type { Socket } from 'node:net'
import Provider from 'oidc-provider'

export const SOCIAL_CLIENTS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const

export interface OidcServer { issuer: string; stop(): Promise<void> }

export async function startOidcProvider(opts: { redirectUris: string[] }): Promise<OidcServer> {
  const server = createServer()
  const sockets = new Set<Socket>()
  server.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))))
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()))
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const provider = new Provider(issuer, {
    clients: SOCIAL_CLIENTS.map((id) => ({
      client_id: id, token_endpoint_auth_method: 'none', redirect_uris: opts.redirectUris,
      grant_types: ['authorization_code'], response_types: ['code'],
    })),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub, name: sub }) }),
    // A dev-only cookie key: this provider holds no real accounts.
    cookies: { keys: ['postern-dev-oidc'] },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    stop: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy()
      server.close(() => resolve())
    }),
  }
}
