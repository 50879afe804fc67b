// The wallet's key on this device. A session token alone gets the session's facts (who, which
// address) and opens the key this device kept at login (key-store.ts); the shares come from the
// auth service only on fresh proof (a code, social or Farcaster login in the last 5 minutes),
// joined here: authShare XOR recoveryShare, the recovery share opened by the owner's passkey in
// passkey mode. A user's first key is made here and split, its shares sent once.
import * as v from 'valibot'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { AuthError } from './auth-call'
import { forgetDeviceKey, loadDeviceKey, storeDeviceKey } from './key-store'
import { createPasskey, openShare, passkeyPrf, sealShare } from './passkey'

const Hex32 = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/))
const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const PasskeyRef = v.object({ credentialId: v.pipe(v.string(), v.regex(/^[\w-]+$/)), salt: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)), sealed: v.pipe(v.string(), v.regex(/^[\w-]{16}\.[\w-]{64}$/)) })
export const SessionReply = v.object({ email: v.string(), username: v.optional(v.string()), address: v.nullable(Address), passkey: v.boolean() })
const KeyReply = v.object({
  email: v.string(), username: v.optional(v.string()),
  key: v.nullable(v.object({ address: Address, authShare: Hex32, recoveryShare: v.nullable(Hex32), passkey: v.optional(PasskeyRef) })),
})
type Shares = NonNullable<v.InferOutput<typeof KeyReply>['key']>

/** One POST to the auth service with the session's token, its reply checked. */
export type TokenCall = <S extends v.GenericSchema>(path: string, body: Record<string, unknown>, schema: S) => Promise<v.InferOutput<S>>

const toBytes = (hex: string) => Uint8Array.from(hex.slice(2).match(/../g)!.map((b) => parseInt(b, 16)))
const toHex = (bytes: Uint8Array) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as `0x${string}`
const xor = (a: Uint8Array, b: Uint8Array) => a.map((x, i) => x ^ b[i]!)

export interface DeviceKey { secret: `0x${string}`; info: v.InferOutput<typeof SessionReply> }

/** The key this device kept for the session's address: no shares asked for. Undefined when it keeps none. */
export async function deviceKey(call: TokenCall): Promise<DeviceKey | undefined> {
  const info = await call('/auth/v1/embedded/session', {}, SessionReply)
  const secret = info.address ? await loadDeviceKey(info.address) : undefined
  if (!secret || privateKeyToAccount(toHex(secret)).address.toLowerCase() !== info.address!.toLowerCase()) return undefined
  return { secret: toHex(secret), info }
}

async function join(shares: Shares): Promise<`0x${string}`> {
  let recovery: Uint8Array
  if (shares.recoveryShare) recovery = toBytes(shares.recoveryShare)
  else if (shares.passkey) recovery = await openShare(await passkeyPrf(shares.passkey), shares.passkey.sealed, shares.address)
  else throw new AuthError('Something went wrong')
  const secret = toHex(xor(toBytes(shares.authShare), recovery))
  if (privateKeyToAccount(secret).address.toLowerCase() !== shares.address.toLowerCase()) throw new AuthError('The key shares do not match')
  return secret
}

/**
 * After a login (fresh proof): the key this device kept, else the shares joined (a new device) or
 * a first key made, then kept for this device.
 */
export async function unlockAfterLogin(call: TokenCall): Promise<DeviceKey> {
  const kept = await deviceKey(call)
  if (kept) return kept
  let reply = await call('/auth/v1/embedded/key', {}, KeyReply)
  if (!reply.key) {
    const privateKey = generatePrivateKey()
    const authShare = toHex(crypto.getRandomValues(new Uint8Array(32)))
    const address = privateKeyToAccount(privateKey).address
    await call('/auth/v1/embedded/key/new', { address, authShare, recoveryShare: toHex(xor(toBytes(privateKey), toBytes(authShare))) }, v.unknown()).catch(() => undefined)
    // Read back: if another device won a race, its key is the user's.
    reply = await call('/auth/v1/embedded/key', {}, KeyReply)
    if (!reply.key) throw new AuthError('Something went wrong')
  }
  const secret = await join(reply.key)
  await storeDeviceKey(toBytes(secret), reply.key.address)
  const info = await call('/auth/v1/embedded/session', {}, SessionReply)
  return { secret, info }
}

/**
 * The key for the dashboard's reveal: the auth service must first confirm fresh proof (it answers
 * the shares only then); in passkey mode the key this device keeps is shown.
 */
export async function revealKey(call: TokenCall, address: string): Promise<`0x${string}`> {
  const reply = await call('/auth/v1/embedded/key', {}, KeyReply)
  if (!reply.key || reply.key.address.toLowerCase() !== address.toLowerCase()) throw new AuthError('The key shares do not match')
  const kept = reply.key.recoveryShare ? undefined : await loadDeviceKey(address)
  return kept ? toHex(kept) : join(reply.key)
}

/** Passkey mode: the recovery share goes under the passkey's key; the service deletes its sealed copy. */
export async function protectWithPasskey(call: TokenCall, secret: `0x${string}`, name: string): Promise<void> {
  const reply = await call('/auth/v1/embedded/key', {}, KeyReply)
  if (!reply.key) throw new AuthError('Something went wrong')
  const recovery = xor(toBytes(secret), toBytes(reply.key.authShare))
  const ref = await createPasskey(name)
  // Sealed with the PRF an assertion gives, as a new device will get it, and checked before sending.
  const prf = await passkeyPrf(ref)
  const sealed = await sealShare(prf, recovery, reply.key.address)
  if (toHex(await openShare(prf, sealed, reply.key.address)) !== toHex(recovery)) throw new AuthError('Something went wrong')
  await call('/auth/v1/embedded/passkey', { ...ref, sealed }, v.unknown())
}

export { forgetDeviceKey }
