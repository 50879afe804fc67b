// Signed writes as clients make them: SIWX sign-ins (a nonce from the server, a message signed by
// the wallet), name registrations (signed by the owner) and analytics batches.
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

export const PROJECT = 'test'
/** The site the sign-ins come from (an allowed loopback origin of the default configuration). */
export const SITE = 'http://127.0.0.1:5173'
const COIN_TYPE_1 = (0x80000000 | 1) >>> 0

export const newAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey())

/** An EIP-4361 message for `nonce`, as the modal asks a wallet to sign it. */
export function siwxMessage(address: string, nonce: string, now = new Date()): string {
  return [
    `${new URL(SITE).host} wants you to sign in with your Ethereum account:`,
    address,
    '\nSign in to the benchmark\n',
    `URI: ${SITE}/`,
    'Version: 1',
    'Chain ID: 1',
    `Nonce: ${nonce}`,
    `Issued At: ${now.toISOString()}`,
    `Expiration Time: ${new Date(now.getTime() + 3_600_000).toISOString()}`,
  ].join('\n')
}

export const nonceRequest = (address: string) => ({ path: `/auth/v1/nonce?projectId=${PROJECT}&address=${address}`, headers: { origin: SITE } })

/** The authenticate request for a nonce the server issued to `account`. */
export async function signInBody(account: PrivateKeyAccount, nonce: string): Promise<string> {
  const message = siwxMessage(account.address, nonce)
  return JSON.stringify({ message, signature: await account.signMessage({ message }) })
}
export const authenticatePath = `/auth/v1/authenticate?projectId=${PROJECT}`

/** A name registration body (POST /v1/profile/account), signed by a new owner. */
export async function registrationBody(name: string, account = newAccount()): Promise<string> {
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  return JSON.stringify({ coin_type: COIN_TYPE_1, address: account.address, message, signature: await account.signMessage({ message }) })
}
export const registrationPath = `/v1/profile/account?projectId=${PROJECT}`
export const uniqueName = () => `load-${randomBytes(6).toString('hex')}.reown.id`

/** A batch of analytics events as the modal beacons them, each with its own id. */
export function analyticsBatch(size = 5): { ids: string[]; body: string } {
  const ids = Array.from({ length: size }, () => randomBytes(12).toString('hex'))
  const events = ids.map((eventId, i) => ({ eventId, url: `${SITE}/`, domain: new URL(SITE).host, timestamp: Date.now(), props: { type: 'track', event: i ? 'SELECT_WALLET' : 'MODAL_OPEN', properties: { name: 'Bench Wallet' } } }))
  return { ids, body: JSON.stringify(events) }
}
export const analyticsPath = `/e?projectId=${PROJECT}&st=html&sv=postern-bench`
