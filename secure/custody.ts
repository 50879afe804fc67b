// Key custody: the key is made here, on the secure origin, and split in two 32-byte shares
// (key = authShare XOR recoveryShare). The auth service keeps authShare and, sealed under a wrapping
// key that is not in its database (or in passkey mode only under the owner's passkey), recoveryShare;
// it hands them back to this origin only on fresh proof, and this device keeps the joined key
// wrapped (wallet-key.ts). Neither the site's page nor a database dump ever holds a key.
import * as v from 'valibot'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { SecureConfig } from './config'
import { AuthError, authCall } from './auth-call'
import type { SocialResult } from './social'
import { solanaKeyFrom, solanaSecretFrom, type SolanaKey } from './solana'
import { newLoginSecret, type LoginSecret } from './login-secret'
import { deviceKey, forgetDeviceKey, protectWithPasskey, revealKey, unlockAfterLogin, type DeviceKey, type TokenCall } from './wallet-key'

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

const VerifyReply = v.object({ token: v.string(), email: v.string() })
const SocialReply = v.object({ token: v.string(), userName: v.string() })
const StartReply = v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) })
const UpdateReply = v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
const UpdatedReply = v.object({ newEmail: v.string() })

const toHex = (bytes: Uint8Array) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as `0x${string}`

export { AuthError }

export interface Session {
  account: PrivateKeyAccount; email: string; solana: SolanaKey
  /** A Farcaster user's name, from the auth service. */ username?: string
  /** Passkey mode: the service keeps no copy of the recovery share it can open. */ passkey: boolean
}

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

  const withToken = (token: string): TokenCall => (path, body, schema) => call(path, { token, ...body }, schema)
  const toSession = async ({ secret, info }: DeviceKey): Promise<Session> =>
    ({ account: privateKeyToAccount(secret), email: info.email, username: info.username, passkey: info.passkey, solana: await solanaKeyFrom(secret) })
  /** A token fresh from a login: the key this device keeps, or the shares joined (or a first key made). */
  const unlock = async (token: string) => toSession(await unlockAfterLogin(withToken(token)))
  const forget = async () => {
    storage()?.removeItem(TOKEN_KEY)
    storage()?.removeItem(PROJECT_KEY)
    await forgetDeviceKey()
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
    /**
     * A stored session token logs in again after a reload, without a new code and without the
     * shares: the key this device kept at login. A session the service ended, or one this device
     * keeps no key for, is dropped here with the kept key; a service that is down or unreachable
     * leaves both for the next try.
     */
    async restore(): Promise<Session | undefined> {
      const token = storage()?.getItem(TOKEN_KEY)
      if (session || !token) return session
      try {
        const kept = await deviceKey(withToken(token))
        if (kept) session = await toSession(kept)
        else await forget()
      } catch (error) {
        if (error instanceof AuthError && error.status === 401) await forget()
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
      const secret = await revealKey(withToken(liveToken()), session!.account.address)
      if (privateKeyToAccount(secret).address !== session!.account.address) throw new AuthError('The key shares do not match')
      return { evm: secret, solana: await solanaSecretFrom(secret) }
    },
    /** The dashboard's passkey mode (on fresh proof): from then on the service cannot open the recovery share. */
    async addPasskey(name: string): Promise<void> {
      const token = liveToken()
      const kept = await deviceKey(withToken(token))
      if (!kept) throw new AuthError('Not logged in')
      await protectWithPasskey(withToken(token), kept.secret, name)
      session = { ...session!, passkey: true }
    },
    async signOut(): Promise<void> {
      const token = storage()?.getItem(TOKEN_KEY)
      session = undefined
      await forget()
      if (token) await call('/auth/v1/embedded/signout', { token }, v.unknown()).catch(() => undefined)
    },
    /** Every session of this user ends, on every device and site; then this browser logs out. */
    async signOutEverywhere(): Promise<void> {
      await call('/auth/v1/embedded/signout/all', { token: liveToken() }, v.unknown())
      session = undefined
      await forget()
    },
  }
}
export type Custody = ReturnType<typeof createCustody>
