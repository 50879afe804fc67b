// Which endpoints are limited, and in which group. Reads are not (they are cached and cheap); every
// auth request and every write is.
export type LimitGroup = 'mail' | 'auth' | 'write'

const GROUPS: [method: string, path: RegExp, group: LimitGroup][] = [
  // These send an e-mail.
  ['POST', /^\/auth\/v1\/(email\/start|email\/update|email\/update\/primary|device\/approve)$/, 'mail'],
  ['POST', /^\/auth\/v1\//, 'auth'],
  ['GET', /^\/auth\/v1\/(nonce|frame-origin)$/, 'auth'],
  ['POST', /^\/v1\/sessions\/[^/]+\/revoke$/, 'auth'],
  // The smart-session co-signer: a permission and its activation; the wallet service's calls.
  ['POST', /^\/v1\/sessions\/[^/]+(\/activate)?$/, 'auth'],
  ['POST', /^\/v1\/wallet$/, 'write'],
  ['POST', /^\/v1\/profile\/account$/, 'write'],
  ['POST', /^\/v1\/generators\/onrampurl$/, 'write'],
  // AppKit Pay's JSON-RPC: pay URLs write a payment; the status is polled every few seconds.
  ['POST', /^\/v1\/json-rpc$/, 'write'],
  ['POST', /^\/e$/, 'write'],
]

export function limitGroup(method: string, path: string): LimitGroup | undefined {
  return GROUPS.find(([m, p]) => m === method && p.test(path))?.[2]
}
