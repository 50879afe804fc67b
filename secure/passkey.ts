// Passkey mode: the recovery share encrypted under a key derived (HKDF-SHA-256) from a passkey's
// PRF output, on the secure origin (its relying party). The service keeps only the ciphertext,
// the credential id and the PRF salt, so neither its database nor its wrapping key opens it: a new
// device needs the owner's passkey to join the key.
import { AuthError } from './auth-call'

const INFO = new TextEncoder().encode('postern embedded wallet recovery share v1')

export const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
export const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

export interface PasskeyRef { credentialId: string; salt: string }

/** The passkey's PRF output for this salt (one assertion); refused clearly when it has no PRF. */
export async function passkeyPrf({ credentialId, salt }: PasskeyRef): Promise<Uint8Array<ArrayBuffer>> {
  let credential: Credential | null
  try {
    credential = await navigator.credentials.get({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        rpId: location.hostname,
        allowCredentials: [{ type: 'public-key', id: fromBase64url(credentialId) }],
        userVerification: 'required',
        extensions: { prf: { eval: { first: fromBase64url(salt) } } },
      },
    })
  } catch {
    throw new AuthError('The passkey was not used: this wallet needs it on a new device.')
  }
  const first = (credential as PublicKeyCredential | null)?.getClientExtensionResults().prf?.results?.first
  if (!first) throw new AuthError('This passkey cannot protect a wallet (it has no PRF support).')
  return Uint8Array.from(new Uint8Array(first instanceof ArrayBuffer ? first : (first as ArrayBufferView).buffer))
}

/** A new passkey for this wallet on this origin, with a fresh PRF salt. */
export async function createPasskey(name: string): Promise<PasskeyRef> {
  const salt = crypto.getRandomValues(new Uint8Array(32))
  let credential: Credential | null
  try {
    credential = await navigator.credentials.create({
      publicKey: {
        rp: { id: location.hostname, name: 'Embedded wallet' },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name, displayName: name },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        extensions: { prf: { eval: { first: salt } } },
      },
    })
  } catch {
    throw new AuthError('No passkey was added.')
  }
  const created = credential as PublicKeyCredential | null
  if (!created || created.getClientExtensionResults().prf?.enabled === false) throw new AuthError('This passkey cannot protect a wallet (it has no PRF support).')
  return { credentialId: toBase64url(new Uint8Array(created.rawId)), salt: toBase64url(salt) }
}

async function shareKey(prf: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', prf, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: INFO }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

/** iv.ciphertext (base64url), the address as additional data. */
export async function sealShare(prf: Uint8Array<ArrayBuffer>, share: Uint8Array<ArrayBuffer>, address: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const body = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address.toLowerCase()) }, await shareKey(prf), share)
  return `${toBase64url(iv)}.${toBase64url(new Uint8Array(body))}`
}

export async function openShare(prf: Uint8Array<ArrayBuffer>, sealed: string, address: string): Promise<Uint8Array<ArrayBuffer>> {
  const [iv, body] = sealed.split('.').map(fromBase64url)
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv!, additionalData: new TextEncoder().encode(address.toLowerCase()) }, await shareKey(prf), body!))
  } catch {
    throw new AuthError('This passkey does not open this wallet: use the passkey you added.')
  }
}
