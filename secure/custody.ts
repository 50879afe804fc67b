// Key custody: the key is made here, on the secure origin, and split in two 32-byte shares
// (key = authShare XOR recoveryShare). The auth service keeps authShare and, sealed under a wrapping
// key that is not in its database, recoveryShare; after a login it hands both back to this origin
// only, which joins them in memory. Neither the site's page nor a database dump ever holds a key.
import * as v from 'valibot'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { SecureConfig } from './config'
import { AuthError, authCall } from './auth-call'
import type { SocialResult } from './social'
import { solanaKeyFrom, solanaSecretFrom, type SolanaKey } from './solana'
import { newLoginSecret, type LoginSecret } from './login-secret'

const TOKEN_KEY = '@postern-secure/session_token'
/** The project the session was opened for: the dashboard (no frame query) calls the auth service as it. */
export const PROJECT_KEY = '@postern-secure/project_id'
/** This browser's id for device verification: made once, kept on the secure origin. */
const DEVICE_KEY = '@postern-secure/device_id'
/** How often a device waiting for its mailed link asks whether it was approved. */
const DEVICE_POLL_MS = 1000
const LAST_EMAIL_KEY = '@postern-secure/last_email_time'
/** SPEC section 5: checkIfAllowedToTriggerEmail — 30 s between login e-mails. */
const RESEND_MS = 30_000

const Hex32 = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/))
const KeyReply = v.object({ email: v.string(), username: v.optional(v.string()), key: v.nullable(v.object({ address: v.string(), authShare: Hex32, recoveryShare: Hex32 })) })
const VerifyReply = v.object({ token: v.string(), email: v.string() })
const SocialReply = v.object({ token: v.string(), userName: v.string() })
const StartReply = v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) })
const UpdateReply = v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
const UpdatedReply = v.object({ newEmail: v.string() })

const toBytes = (hex: string) => Uint8Array.from(hex.slice(2).match(/../g)!.map((b) => parseInt(b, 16)))
const toHex = (bytes: Uint8Array) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as `0x${string}`
const xor = (a: string, b: string) => toHex(toBytes(a).map((x, i) => x ^ toBytes(b)[i]!))
const randomShare = () => toHex(crypto.getRandomValues(new Uint8Array(32)))

export { AuthError }

export interface Session { account: PrivateKeyAccount; email: string; solana: SolanaKey; /** A Farcaster user's name, from the auth service. */ username?: string }

export function createCustody(config: SecureConfig) {
  let pendingEmail: string | undefined
  /** The pending e-mail login's and e-mail change's secrets (login-secret.ts): in memory only. */
  let loginSecret: LoginSecret | undefined
  let updateSecret: string | undefined
  let deviceWait: { email: string; wait: Promise<void> } | undefined
  let session: Session | undefined
  const storage = () => {
    try { return localStorage } catch { return undefined }
  }

  const call = <S extends v.GenericSchema>(path: string, body: unknown, schema: S) => authCall(config, path, body, schema)

  const deviceId = () => {
    let id = storage()?.getItem(DEVICE_KEY)
    if (!id || !/^[0-9a-f]{64}$/.test(id)) {
      id = toHex(crypto.getRandomValues(new Uint8Array(32))).slice(2)
      storage()?.setItem(DEVICE_KEY, id)
    }
    return id
  }
  const keep = (token: string) => {
    storage()?.setItem(TOKEN_KEY, token)
    storage()?.setItem(PROJECT_KEY, config.projectId)
  }
  const changeSecret = () => {
    if (!updateSecret) throw new AuthError('No e-mail change is pending. Start again.')
    return updateSecret
  }
  const liveToken = () => {
    const token = storage()?.getItem(TOKEN_KEY)
    if (!session || !token) throw new AuthError('Not logged in')
    return token
  }

  /** Joins the user's shares, or makes their first key here and stores its shares. */
  async function unlock(token: string): Promise<Session> {
    let reply = await call('/auth/v1/embedded/key', { token }, KeyReply)
    if (!reply.key) {
      const privateKey = generatePrivateKey()
      const authShare = randomShare()
      const address = privateKeyToAccount(privateKey).address
      await call('/auth/v1/embedded/key/new', { token, address, authShare, recoveryShare: xor(privateKey, authShare) }, v.unknown()).catch(() => undefined)
      // Read back: if another device won a race, its key is the user's.
      reply = await call('/auth/v1/embedded/key', { token }, KeyReply)
      if (!reply.key) throw new AuthError('Something went wrong')
    }
    const secret = xor(reply.key.authShare, reply.key.recoveryShare)
    const account = privateKeyToAccount(secret)
    if (account.address.toLowerCase() !== reply.key.address.toLowerCase()) throw new AuthError('The key shares do not match')
    return { account, email: reply.email, username: reply.username, solana: await solanaKeyFrom(secret) }
  }

  return {
    get session() { return session },
    async connectEmail(email: string): Promise<v.InferOutput<typeof StartReply>> {
      const last = Number(storage()?.getItem(LAST_EMAIL_KEY) ?? 0)
      const wait = last + RESEND_MS - Date.now()
      if (wait > 0) throw new AuthError(`Please try again after ${Math.ceil(wait / 1000)} seconds`)
      // A resend for the same e-mail is the same login: its secret stays, so an earlier code or
      // device link still reaches this frame.
      const login = pendingEmail === email && loginSecret ? loginSecret : await newLoginSecret()
      const reply = await call('/auth/v1/email/start', { email, deviceId: deviceId(), secretHash: login.hash }, StartReply)
      storage()?.setItem(LAST_EMAIL_KEY, String(Date.now()))
      pendingEmail = email
      loginSecret = login
      return reply
    },
    async connectOtp(otp: string): Promise<void> {
      if (!pendingEmail || !loginSecret) throw new AuthError('No e-mail login is pending')
      const { token } = await call('/auth/v1/email/verify', { email: pendingEmail, otp, deviceId: deviceId(), secret: loginSecret.secret }, VerifyReply)
      session = await unlock(token)
      keep(token)
      storage()?.removeItem(LAST_EMAIL_KEY)
      pendingEmail = undefined
      loginSecret = undefined
    },
    /** AppKit's connectDevice: resolves once the mailed link approved this device (a code follows). */
    connectDevice(): Promise<void> {
      const email = pendingEmail
      const secret = loginSecret?.secret
      if (!email || !secret) return Promise.reject(new AuthError('No e-mail login is pending'))
      // One wait per e-mail, whichever request asks (the app asks again when its 30 s pass), until
      // approved or another login starts.
      if (deviceWait?.email !== email) {
        const wait = (async () => {
          while (pendingEmail === email) {
            const { approved } = await call('/auth/v1/device/status', { email, deviceId: deviceId(), secret }, v.object({ approved: v.boolean() }))
            if (approved) return
            await new Promise((r) => setTimeout(r, DEVICE_POLL_MS))
          }
          throw new AuthError('Something went wrong')
        })()
        deviceWait = { email, wait }
        void wait.catch(() => undefined).finally(() => { if (deviceWait?.wait === wait) deviceWait = undefined })
      }
      return deviceWait.wait
    },
    /** The provider's redirect, redeemed by the auth service, opens a session like a code does. */
    async connectSocial(result: SocialResult): Promise<void> {
      const { token } = await call('/auth/v1/social/verify', result, SocialReply)
      session = await unlock(token)
      keep(token)
    },
    /** A session the auth service opened for another login (Farcaster) unlocks the key the same way. */
    async connectToken(token: string): Promise<void> {
      session = await unlock(token)
      keep(token)
    },
    /** A stored session token logs in again after a reload, without a new code. */
    async restore(): Promise<Session | undefined> {
      const token = storage()?.getItem(TOKEN_KEY)
      if (session || !token) return session
      try {
        session = await unlock(token)
      } catch {
        storage()?.removeItem(TOKEN_KEY)
      }
      return session
    },
    /** AppKit's updateEmail: the current address confirms a code, then the new one (primary, secondary OTP). */
    async updateEmail(email: string): Promise<v.InferOutput<typeof UpdateReply>> {
      const change = await newLoginSecret()
      const reply = await call('/auth/v1/email/update', { token: liveToken(), email, secretHash: change.hash }, UpdateReply)
      updateSecret = change.secret
      return reply
    },
    async updateEmailPrimaryOtp(otp: string): Promise<void> {
      await call('/auth/v1/email/update/primary', { token: liveToken(), otp, secret: changeSecret() }, UpdateReply)
    },
    async updateEmailSecondaryOtp(otp: string): Promise<v.InferOutput<typeof UpdatedReply>> {
      const reply = await call('/auth/v1/email/update/secondary', { token: liveToken(), otp, secret: changeSecret() }, UpdatedReply)
      updateSecret = undefined
      if (session) session = { ...session, email: reply.newEmail }
      return reply
    },
    /**
     * The dashboard's upgrade: the joined key, fetched and joined again for this one reveal (the
     * session keeps only the account), with the Solana secret derived from it.
     */
    async revealKeys(): Promise<{ evm: `0x${string}`; solana: string }> {
      const reply = await call('/auth/v1/embedded/key', { token: liveToken() }, KeyReply)
      if (!reply.key) throw new AuthError('Something went wrong')
      const secret = xor(reply.key.authShare, reply.key.recoveryShare)
      if (privateKeyToAccount(secret).address !== session!.account.address) throw new AuthError('The key shares do not match')
      return { evm: secret, solana: await solanaSecretFrom(secret) }
    },
    async signOut(): Promise<void> {
      const token = storage()?.getItem(TOKEN_KEY)
      session = undefined
      storage()?.removeItem(TOKEN_KEY)
      storage()?.removeItem(PROJECT_KEY)
      if (token) await call('/auth/v1/embedded/signout', { token }, v.unknown()).catch(() => undefined)
    },
  }
}
export type Custody = ReturnType<typeof createCustody>
