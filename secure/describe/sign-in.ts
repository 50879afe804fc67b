// A sign-in message (EIP-4361, CAIP-122: "{domain} wants you to sign in with your ... account:")
// is signed only for the site that asks. The key is the same on every site, so without this check
// any site could have the visitor sign in to another one (EIP-4361: the wallet must match the
// domain against the request's origin).
import { RpcError } from '../rpc'

// Lenient on purpose (leading blank lines or spaces, any case): a verifier elsewhere may be.
const HEADER = /^\s*(?:([a-z][a-z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your [^\r\n]* account:/i

/** The domain (and scheme, when written) a sign-in message names; undefined for any other text. */
export function signInTarget(text: string): { domain: string; scheme?: string } | undefined {
  const m = HEADER.exec(text)
  return m ? { domain: m[2]!.toLowerCase(), scheme: m[1]?.toLowerCase() } : undefined
}

/** Refuses a sign-in message for a site other than `origin` (the page that embeds the frame). */
export function refuseForeignSignIn(bytes: Uint8Array, origin: string): void {
  const target = signInTarget(new TextDecoder().decode(bytes))
  if (!target) return
  const site = new URL(origin)
  if (target.domain !== site.host || (target.scheme !== undefined && `${target.scheme}:` !== site.protocol)) {
    throw new RpcError(`This sign-in message is for ${target.domain}, but ${site.host} asked for it: refused`, 4100)
  }
}
