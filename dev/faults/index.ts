// The local stack's fault switches (issue 17, faults): one per service the modal or the API
// server depends on, each settable from tests at any time:
//   stack.faults.set('rpc:eip155:1', 'refuse') ... stack.faults.set('rpc:eip155:1', 'none')
// Pages reach the services through them by using `stack.faults.config` (the demo config with
// every URL behind its switch); the API server always reaches its database through one.
import { openDb, type Db } from '../../server/db/index.ts'
import { faultyDb } from './db.ts'
import { startFaultProxy, type FaultMode, type FaultProxy } from './proxy.ts'
import { postgresUnavailableReply, startTcpFaultProxy } from './tcp.ts'

export { FAULT_MODES, startFaultProxy, type FaultMode, type FaultProxy } from './proxy.ts'

/** 'api' (provider and blockchain API), 'relay', 'db', or 'rpc:' and a CAIP network id of the stack's rpcUrls. */
export type FaultService = 'api' | 'relay' | 'db' | `rpc:${string}`

export interface FaultSwitch {
  readonly mode: FaultMode
  /** What reached the switch: request paths over HTTP, one entry per connection or call for the database. */
  readonly requests: readonly string[]
  set(mode: FaultMode, opts?: { delayMs?: number }): void
}

/** The URLs of a demo config that the switches front. */
interface RoutedConfig {
  apiUrl: string
  blockchainApiUrl: string
  relayUrl: string
  rpcUrls: Record<string, string>
  solanaRpcUrl?: string
}

export interface Faults<C extends RoutedConfig = RoutedConfig> {
  readonly services: FaultService[]
  set(service: FaultService, mode: FaultMode, opts?: { delayMs?: number }): void
  get(service: FaultService): FaultSwitch
  /** Every switch back to 'none'. */
  clear(): void
  /** The config with the API, the relay and every chain's RPC reached through their switches. */
  readonly config: C
}

/** The API server's database behind its switch: Postgres through a TCP switch, PGlite through a failing Db. */
export async function databaseBehindSwitch(opts: { databaseUrl?: string; dataDir?: string }): Promise<{ db: Db; switch: FaultSwitch; stop(): Promise<void> }> {
  if (!opts.databaseUrl) {
    const db = faultyDb(await openDb({ dataDir: opts.dataDir }))
    return { db, switch: db, stop: async () => {} }
  }
  const url = new URL(opts.databaseUrl)
  const proxy = await startTcpFaultProxy({ host: url.hostname, port: Number(url.port || 5432) }, { errorReply: postgresUnavailableReply() })
  url.hostname = proxy.host
  url.port = String(proxy.port)
  try {
    return { db: await openDb({ databaseUrl: url.toString() }), switch: proxy, stop: () => proxy.stop() }
  } catch (error) {
    await proxy.stop()
    throw error
  }
}

/** A switch in front of each HTTP/WebSocket service of `config`, plus the database's. */
export async function startFaults<C extends RoutedConfig>(config: C, db: FaultSwitch): Promise<Faults<C> & { stop(): Promise<void> }> {
  const proxies = new Map<FaultService, FaultProxy>()
  try {
    proxies.set('api', await startFaultProxy(config.apiUrl))
    proxies.set('relay', await startFaultProxy(config.relayUrl.replace(/^ws/, 'http')))
    for (const [caip, url] of Object.entries(config.rpcUrls)) proxies.set(`rpc:${caip}`, await startFaultProxy(url))
  } catch (error) {
    await Promise.allSettled([...proxies.values()].map((p) => p.stop()))
    throw error
  }
  const url = (service: FaultService) => proxies.get(service)!.url
  const rpcUrls = Object.fromEntries(Object.keys(config.rpcUrls).map((caip) => [caip, url(`rpc:${caip}`)]))
  const solana = Object.keys(config.rpcUrls).find((caip) => config.rpcUrls[caip] === config.solanaRpcUrl)
  const routed: C = {
    ...config,
    apiUrl: url('api'),
    blockchainApiUrl: config.blockchainApiUrl === config.apiUrl ? url('api') : config.blockchainApiUrl,
    relayUrl: url('relay').replace(/^http/, 'ws'),
    rpcUrls,
    ...(solana && { solanaRpcUrl: rpcUrls[solana] }),
  }
  const get = (service: FaultService): FaultSwitch => {
    const found = service === 'db' ? db : proxies.get(service)
    if (!found) throw new Error(`no fault switch for '${service}' (there are: ${['db', ...proxies.keys()].join(', ')})`)
    return found
  }
  return {
    services: ['db', ...proxies.keys()],
    set: (service, mode, opts) => get(service).set(mode, opts),
    get,
    clear() {
      for (const s of [db, ...proxies.values()]) s.set('none')
    },
    config: routed,
    stop: async () => void await Promise.allSettled([...proxies.values()].map((p) => p.stop())),
  }
}
