// Farcaster login in the secure site (AppKit's GET_FARCASTER_URI and CONNECT_FARCASTER): the auth
// service opens a Farcaster Connect channel for this origin; its URL goes to the modal as a QR code
// and link; CONNECT_FARCASTER waits while the auth service polls the relay and verifies the signed
// Sign In With Farcaster message, then the session unlocks the key as an e-mail login does. The
// channel's URL (shown by the page) carries its token, so the channel is bound to this frame: only
// its secret's hash goes with the opening, and each status request shows the secret.
import * as v from 'valibot'
import type { SecureConfig } from './config'
import { AuthError, authCall } from './auth-call'
import { newLoginSecret } from './login-secret'

const POLL_MS = 1000
/** A channel lives ten minutes at the relay. */
const CHANNEL_WAIT_MS = 10 * 60_000

/** Only a web link or Farcaster's own deep-link scheme may reach the modal. */
const ChannelUrl = v.pipe(v.string(), v.url(), v.check((u) => /^(https:|farcaster:)/.test(u), 'must be an https or farcaster: link'))
const Opened = v.object({ channelToken: v.string(), url: ChannelUrl })
const Status = v.variant('state', [
  v.object({ state: v.literal('pending') }),
  v.object({ state: v.literal('completed'), token: v.string(), fid: v.number(), username: v.nullable(v.string()) }),
])

/** A Farcaster login's key ('farcaster:<fid>') and its user name (the auth service's), as a social login's match; else null. */
export function farcasterLogin(key: string, username: string | undefined): [string, string] | null {
  const fid = /^farcaster:(\d+)$/.exec(key)?.[1]
  if (!fid) return null
  return [key, username ?? fid]
}

export function createFarcaster(config: SecureConfig, adopt: (token: string) => Promise<void>) {
  let channel: { token: string; url: string; secret: string } | undefined
  let wait: Promise<{ userName: string }> | undefined

  const call = <S extends v.GenericSchema>(path: string, body: unknown, schema: S) => authCall(config, path, body, schema)

  return {
    async uri(): Promise<{ url: string }> {
      const login = await newLoginSecret()
      const opened = await call('/auth/v1/farcaster/channel', { secretHash: login.hash }, Opened)
      channel = { token: opened.channelToken, url: opened.url, secret: login.secret }
      wait = undefined
      return { url: opened.url }
    },
    /** One wait per channel, whichever request asks (the modal asks again after its 30 s timeout). */
    connect(): Promise<{ userName: string }> {
      const current = channel
      if (!current) return Promise.reject(new AuthError('No Farcaster login is pending'))
      wait ??= (async () => {
        const until = Date.now() + CHANNEL_WAIT_MS
        while (channel === current && Date.now() < until) {
          const status = await call('/auth/v1/farcaster/status', { channelToken: current.token, secret: current.secret }, Status)
          if (status.state === 'completed') {
            const userName = status.username ?? String(status.fid)
            await adopt(status.token)
            channel = undefined
            return { userName }
          }
          await new Promise((r) => setTimeout(r, POLL_MS))
        }
        throw new AuthError('Farcaster login timed out')
      })()
      const mine = wait
      void mine.catch(() => { if (wait === mine) wait = undefined })
      return mine
    },
  }
}
