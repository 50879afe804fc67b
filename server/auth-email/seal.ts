// The recovery share at rest: AES-256-GCM under the wrapping key, bound to its user. The user id
// is the additional data, so a sealed share copied onto another user's row does not open; the
// 16-byte tag is demanded whole, so a shortened tag cannot weaken the check.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const TAG_BYTES = 16
const VERSION = 'v2'

/** v2.iv.tag.ciphertext, base64url each. */
export function seal(key: Buffer, plain: string, userId: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(userId, 'utf8'))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.')
}

/** Throws unless the seal is whole, made with this key and for this user. */
export function unseal(key: Buffer, sealed: string, userId: string): string {
  const parts = sealed.split('.')
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('seal: not a sealed share')
  const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'))
  if (iv!.length !== 12 || tag!.length !== TAG_BYTES) throw new Error('seal: not a sealed share')
  const decipher = createDecipheriv('aes-256-gcm', key, iv!, { authTagLength: TAG_BYTES })
  decipher.setAAD(Buffer.from(userId, 'utf8'))
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')
}
