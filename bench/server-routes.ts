// The routes the benchmark drives and the mix of them: what a modal asks of the services when a
// visitor opens it, browses wallets, signs in, looks at an account and registers a name.
import { randomBytes } from 'node:crypto'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { LoadRequest } from './server-load.ts'
import { analyticsBatch, analyticsPath, authenticatePath, newAccount, nonceRequest, PROJECT, registrationBody, registrationPath, signInBody, SITE, uniqueName } from './server-writes.ts'

export interface BenchRoute {
  name: string
  /** Reads are held to the latency bound; writes are reported beside them. */
  read: boolean
  /** Requests for a run of about `count` of them: writes sign a body for each ahead of the run. */
  prepare(count: number): Promise<LoadRequest[]>
  /** Routes spending signed bodies run `amount` requests, not for a duration. */
  pooled?: boolean
}

const json = { 'content-type': 'application/json' }
// A few signers stand for the visitors: the signatures are real, their keys need not all differ.
const signers: PrivateKeyAccount[] = Array.from({ length: 16 }, newAccount)

/** Requests sent after their run's prepared bodies ran out (each answered 400, counted as an error). */
export const shortfall = { count: 0 }

/** Hands out the prepared bodies in order; past the end an empty one, which the server refuses. */
function pool(bodies: string[]) {
  let next = 0
  return () => {
    const body = bodies[next++]
    if (body === undefined) shortfall.count++
    return body ?? '{}'
  }
}

async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < count; i += 32) out.push(...(await Promise.all(Array.from({ length: Math.min(32, count - i) }, (_, j) => make(i + j)))))
  return out
}

/** Nonces issued by the server and messages signed with them, one sign-in each. */
async function signIns(url: string, count: number): Promise<string[]> {
  return inBatches(count, async (i) => {
    const account = signers[i % signers.length]!
    const { path, headers } = nonceRequest(account.address)
    const res = await fetch(url + path, { headers })
    if (!res.ok) throw new Error(`nonce: ${res.status} ${await res.text()}`)
    const { nonce } = (await res.json()) as { nonce: string }
    return signInBody(account, nonce)
  })
}

/** `solanaMe`: a Solana ledger account (SOL and a token) for the Solana balance route, when the server has a ledger. */
export function benchRoutes(url: string, me: string, solanaMe?: string): BenchRoute[] {
  const read = (name: string, path: string, headers?: Record<string, string>): BenchRoute => ({ name, read: true, prepare: async () => [{ path, headers }] })
  const history = `/v1/account/${me}/history?projectId=${PROJECT}`
  return [
    read('wallets page', `/getWallets?projectId=${PROJECT}&page=1&entries=40`),
    read('wallets search', `/getWallets?projectId=${PROJECT}&search=wallet`),
    read('identity', `/v1/identity/${me}?projectId=${PROJECT}`),
    read('balance', balancePath(me)),
    {
      // Every request another account: no read is shared, each goes to the nodes (one multicall a chain).
      name: 'balance (a new account each time)',
      read: true,
      prepare: async () => [{ path: balancePath(me), setupRequest: (req) => ({ ...req, path: balancePath(`0x${randomBytes(20).toString('hex')}`) }) }],
    },
    // One shared read of the ledger (SOL and the token accounts, one batched request) serves for 1 s, as on EVM.
    ...(solanaMe ? [read('balance (Solana)', balancePath(solanaMe))] : []),
    {
      // Each connection pages through the whole history with the cursors, then starts again.
      name: 'history pages',
      read: true,
      prepare: async () => [historyRequest(history)],
    },
    read('siwx nonce', nonceRequest(signers[0]!.address).path, { origin: SITE }),
    {
      name: 'siwx authenticate',
      read: false,
      pooled: true,
      async prepare(count) {
        const next = pool(await signIns(url, count))
        return [{ method: 'POST', path: authenticatePath, headers: { ...json, origin: SITE }, setupRequest: (req) => ({ ...req, body: next() }) }]
      },
    },
    {
      name: 'name registration',
      read: false,
      pooled: true,
      async prepare(count) {
        const next = pool(await inBatches(count, (i) => registrationBody(uniqueName(), signers[i % signers.length])))
        return [{ method: 'POST', path: registrationPath, headers: json, setupRequest: (req) => ({ ...req, body: next() }) }]
      },
    },
    {
      name: 'analytics batch',
      read: false,
      prepare: async () => [{ method: 'POST', path: analyticsPath, headers: json, setupRequest: (req) => ({ ...req, body: analyticsBatch(5).body }) }],
    },
  ]
}

const balancePath = (address: string) => `/v1/account/${address}/balance?projectId=${PROJECT}&currency=usd`

function historyRequest(path: string): LoadRequest {
  return {
    path,
    setupRequest: (req, context) => ({ ...req, path: context['cursor'] ? `${path}&cursor=${context['cursor']}` : path }),
    onResponse: (status, body, context) => {
      context['cursor'] = status === 200 ? (JSON.parse(body) as { next: string | null }).next : null
    },
  }
}

/** The mix, per visitor: 14 requests, of which one sign-in and one name registration. */
export const MIX_LENGTH = 14

/** The mix's request sequence for about `sequences` visitors (each connection loops it). */
export async function mixRequests(routes: BenchRoute[], sequences: number): Promise<LoadRequest[]> {
  const by = async (name: string, count = 1) => {
    const route = routes.find((r) => r.name === name)!
    return route.prepare(count)
  }
  const [page] = await by('wallets page')
  const [search] = await by('wallets search')
  const [identity] = await by('identity')
  const [balance] = await by('balance')
  const [history] = await by('history pages')
  const [nonce] = await by('siwx nonce')
  const [signIn] = await by('siwx authenticate', sequences)
  const [name] = await by('name registration', sequences)
  const [analytics] = await by('analytics batch')
  return [page!, analytics!, search!, page!, identity!, balance!, history!, history!, nonce!, signIn!, identity!, balance!, analytics!, name!]
}
