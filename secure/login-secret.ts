// The one-time secret of a login this frame starts (an e-mail code, a device approval, a Farcaster
// channel, an e-mail change): only its SHA-256 goes with the start, and the secret itself with the
// redemption, so the auth service gives the session to this frame alone. The page that embeds the
// frame sees the e-mail and the code the visitor types, never this: it lives in this frame's memory
// and is never posted to the page or stored.
export interface LoginSecret {
  /** 32 random bytes, hex: sent only with the redemption. */
  secret: string
  /** Its SHA-256 (of the hex text), hex: sent with the start. */
  hash: string
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')

export async function newLoginSecret(): Promise<LoginSecret> {
  const secret = hex(crypto.getRandomValues(new Uint8Array(32)))
  const hash = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))))
  return { secret, hash }
}
