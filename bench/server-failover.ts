// Two servers on one Postgres behind a round-robin proxy; the one holding the indexer's lock is
// killed (SIGKILL) in the middle of a write load, then started again. What the clients were told
// was stored must be stored (every e-mail code they were told was mailed redeems on the survivor); the other server must take the indexer over within seconds, with
// history neither losing nor repeating a transaction; clients must see nothing worse than the
// proxy's 502 for the requests that were on the dead server.
import pg from 'pg'
import { createWalletClient, http, parseEther, type Address, type Hash } from 'viem'
import { toViemChain, type LocalChains } from '../dev/chains/index.ts'
import { INDEXER_LOCK } from '../server/indexer/index.ts'
import { startPostgres } from '../test/server/postgres.ts'
import { LOAD_RATE_LIMITS, startServerProcess, type ServerProcess } from './server-process.ts'
import { BACKEND_HEADER, LOST_HEADER, startProxy } from './server-proxy.ts'
import { analyticsBatch, analyticsPath, authenticatePath, newAccount, nonceRequest, registrationBody, registrationPath, signInBody, SITE, uniqueName } from './server-writes.ts'
import { randomBytes } from 'node:crypto'
import { startMailServer } from '../dev/mail/index.ts'
import { codeHeaders, codeIn, emailStart, emailStartPath, mailEnv, unredeemable, type MailedCode } from './server-codes.ts'

export interface FailoverOptions {
  chains: LocalChains
  /** Write operations in all (sign-ins, name registrations, analytics batches, e-mail code starts, in turn). */
  writes: number
  concurrency: number
  log?: (line: string) => void
}

export interface FailoverReport {
  acknowledged: { sessions: number; names: number; events: number; codes: number }
  /** Acknowledged writes the database does not hold, and acknowledged codes the survivor does not redeem. */
  missing: string[]
  /** Requests the proxy answered 502 because the server that had them died. */
  lost: number
  /** Requests on the killed server when it was signalled, or sent to it until it was gone (lost may not exceed it). */
  inFlightAtKill: number
  /** Lost requests that were on another server than the killed one. */
  lostElsewhere: number
  /** Any other answer than 2xx or the proxy's 502 for a lost request. */
  failures: string[]
  /** From the kill until the other server held the indexer's lock. */
  takeoverMs: number
  /** Whether the survivor still holds the lock once the killed server is back. */
  survivorKeptLock: boolean
  history: { sent: number; listed: number; missing: number; duplicates: number }
  /** Chains whose stored blocks are not one unbroken run. */
  blockGaps: string[]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function runFailover(opts: FailoverOptions): Promise<FailoverReport> {
  const log = opts.log ?? (() => {})
  const postgres = await startPostgres()
  const mail = await startMailServer()
  const databaseUrl = await postgres.createDatabase()
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  const env = {
    DATABASE_URL: databaseUrl,
    EVM_RPC_URLS: opts.chains.chains.map((c) => `${c.chainId}=${c.rpcUrl}`).join(','),
    RATE_LIMITS: LOAD_RATE_LIMITS,
    // One wrapping key for every server on this database, as a deployment shares its own.
    SHARE_KEY: randomBytes(32).toString('hex'),
    ...mailEnv(mail),
  }
  const lockHolder = async () =>
    (await admin.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND granted`, [INDEXER_LOCK])).rows[0]?.pid
  const servers: ServerProcess[] = []
  let stopSending = () => {}
  try {
    // The first server takes the lock before the second starts: the one to kill is known.
    servers.push(await startServerProcess(env))
    for (let i = 0; !(await lockHolder()); i++) {
      if (i > 100) throw new Error('the first server never took the indexer lock')
      await sleep(100)
    }
    const leaderSession = (await lockHolder())!
    servers.push(await startServerProcess(env))
    const [leader, survivor] = servers as [ServerProcess, ServerProcess]
    const proxy = await startProxy([leader.url, survivor.url])
    log(`servers ${leader.url} (indexing) and ${survivor.url} behind ${proxy.url}`)

    // Transactions keep coming while the indexer changes hands.
    const to = newAccount().address
    const sent: Hash[] = []
    const sending = sendContinuously(opts.chains, to, sent, (stop) => (stopSending = stop))

    const ack = { sessions: [] as string[], names: [] as string[], events: [] as string[], codes: [] as MailedCode[] }
    const acked = () => ack.sessions.length + ack.names.length + ack.events.length / 5 + ack.codes.length
    const report = { lost: 0, lostElsewhere: 0, failures: [] as string[] }
    let killedOrigin = ''
    const call = async (path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
      const res = await fetch(proxy.url + path, { method: init.body ? 'POST' : 'GET', body: init.body, headers: { 'content-type': 'application/json', ...init.headers } })
      const text = await res.text()
      if (res.ok) return JSON.parse(text) as Record<string, unknown>
      if (res.status === 502 && res.headers.get(LOST_HEADER)) {
        report.lost++
        if (res.headers.get(BACKEND_HEADER) !== killedOrigin) report.lostElsewhere++
      } else report.failures.push(`${res.status} ${path.split('?')[0]}: ${text.slice(0, 200)}`)
      return undefined
    }
    const operation = async (i: number) => {
      const kind = i % 4
      if (kind === 0) {
        const account = newAccount()
        const issued = await call(nonceRequest(account.address).path)
        if (!issued) return
        const body = await signInBody(account, String(issued['nonce']))
        const signedIn = await call(authenticatePath, { body, headers: { origin: SITE } })
        const pci = (signedIn?.['session'] as { pci?: string } | undefined)?.pci
        if (pci) ack.sessions.push(pci)
      } else if (kind === 1) {
        const name = uniqueName()
        if (await call(registrationPath, { body: await registrationBody(name) })) ack.names.push(name)
      } else if (kind === 2) {
        const batch = analyticsBatch(5)
        if (await call(analyticsPath, { body: batch.body })) ack.events.push(...batch.ids)
      } else {
        const start = emailStart()
        if (!(await call(emailStartPath, { body: start.body, headers: codeHeaders }))) return
        const otp = codeIn(mail, start.pending.email)
        if (otp) ack.codes.push({ ...start.pending, otp })
        else report.failures.push(`no code in the inbox for ${start.pending.email}, though its start was acknowledged`)
      }
    }

    // The kill at a third of the writes; the restart right after; the last fifth waits for it.
    let inFlightAtKill = 0
    let killedAt = 0
    let restarted: Promise<void> | undefined
    let restartedDone = false
    const killAndRestart = async () => {
      killedOrigin = new URL(leader.url).origin
      const before = proxy.inFlight(leader.url) - proxy.forwarded(leader.url)
      killedAt = Date.now()
      await leader.kill()
      // The kernel still accepts connections for it until the signal has landed.
      inFlightAtKill = before + proxy.forwarded(leader.url)
      log(`killed ${leader.url} with ${inFlightAtKill} requests in flight on it`)
      restarted = (async () => {
        const again = await startServerProcess(env)
        servers.push(again)
        proxy.replace(leader.url, again.url)
        restartedDone = true
        log(`restarted it as ${again.url}`)
      })()
    }
    let nextWrite = 0
    const worker = async () => {
      for (;;) {
        const i = nextWrite++
        if (i >= opts.writes) return
        if (i >= opts.writes * 0.8 && !restartedDone) await restarted
        await operation(i)
        if (!killedAt && acked() >= opts.writes / 3) await killAndRestart()
      }
    }
    const loadStart = Date.now()
    // The takeover is timed while the load runs.
    const takeover = (async () => {
      while (!killedAt) await sleep(20)
      for (;;) {
        const holder = await lockHolder()
        if (holder && holder !== leaderSession) return { ms: Date.now() - killedAt, holder }
        if (Date.now() - killedAt > 30_000) return { ms: Infinity, holder: undefined }
        await sleep(50)
      }
    })()
    await Promise.all(Array.from({ length: opts.concurrency }, worker))
    await restarted
    const took = await takeover
    log(`${opts.writes} writes in ${((Date.now() - loadStart) / 1000).toFixed(1)} s; the indexer lock moved in ${took.ms} ms`)
    stopSending()
    await sending
    await sleep(1500) // a full indexer interval, with the restarted server competing for the lock
    const survivorKeptLock = took.holder !== undefined && (await lockHolder()) === took.holder

    const history = await fullHistory(proxy.url, to, sent.length)
    const missing = [...(await missingWrites(admin, ack)), ...(await unredeemable(survivor.url, ack.codes))]
    const gaps = await admin.query<{ chain: string }>('SELECT chain FROM chain_blocks GROUP BY chain HAVING max(number) - min(number) + 1 <> count(*)')
    await proxy.stop()
    return {
      acknowledged: { sessions: ack.sessions.length, names: ack.names.length, events: ack.events.length, codes: ack.codes.length },
      missing,
      lost: report.lost,
      inFlightAtKill,
      lostElsewhere: report.lostElsewhere,
      failures: report.failures,
      takeoverMs: took.ms,
      survivorKeptLock,
      history: {
        sent: sent.length,
        listed: history.length,
        missing: sent.filter((h) => !history.includes(h)).length,
        duplicates: history.length - new Set(history).size,
      },
      blockGaps: gaps.rows.map((r) => r.chain),
    }
  } finally {
    stopSending()
    await Promise.all(servers.map((s) => s.stop()))
    await admin.end().catch(() => {})
    await postgres.stop()
    await mail.stop()
  }
}

/** Sends ETH from a demo account to `to` every 100 ms on the first chain until stopped. */
async function sendContinuously(chains: LocalChains, to: Address, sent: Hash[], onStop: (stop: () => void) => void): Promise<void> {
  let stopped = false
  onStop(() => (stopped = true))
  const chain = chains.chains[0]!
  const client = createWalletClient({ account: chains.accounts[4]!, chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  while (!stopped) {
    sent.push(await client.sendTransaction({ to, value: parseEther('0.001') }))
    await sleep(100)
  }
}

/** Every transaction hash of the address's history, page after page, once the indexer has them all. */
async function fullHistory(url: string, address: Address, expected: number): Promise<string[]> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const hashes: string[] = []
    let cursor: string | null = null
    do {
      const res = await fetch(`${url}/v1/account/${address}/history?projectId=test${cursor ? `&cursor=${cursor}` : ''}`)
      if (!res.ok) throw new Error(`history: ${res.status} ${await res.text()}`)
      const page = (await res.json()) as { data: { metadata: { hash: string } }[]; next: string | null }
      hashes.push(...page.data.map((i) => i.metadata.hash))
      cursor = page.next
    } while (cursor)
    if (hashes.length >= expected || Date.now() > deadline) return hashes
    await sleep(250)
  }
}

/** The acknowledged writes the database lacks, named. */
async function missingWrites(db: pg.Client, ack: { sessions: string[]; names: string[]; events: string[] }): Promise<string[]> {
  const present = async (sql: string, keys: string[]) => new Set((await db.query<{ k: string }>(sql, [keys])).rows.map((r) => r.k))
  const sessions = await present('SELECT pci AS k FROM siwx_sessions WHERE pci = ANY($1)', ack.sessions)
  const names = await present('SELECT name AS k FROM names WHERE name = ANY($1)', ack.names)
  const events = await present('SELECT event_id AS k FROM analytics_events WHERE event_id = ANY($1)', ack.events)
  return [
    ...ack.sessions.filter((k) => !sessions.has(k)).map((k) => `session ${k}`),
    ...ack.names.filter((k) => !names.has(k)).map((k) => `name ${k}`),
    ...ack.events.filter((k) => !events.has(k)).map((k) => `event ${k}`),
  ]
}
