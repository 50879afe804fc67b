import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { LocalChain } from '../chains/index.ts'
import { fixtures } from './fixtures.ts'
import { HttpError, send, sendPreflight } from './http.ts'
import { dispatch } from './router.ts'
import { routes } from './routes/index.ts'
import { createState } from './state.ts'

export type { AnalyticsEvent } from './state.ts'

export interface ApiServerOptions {
  /** Port on 127.0.0.1; a free one when absent. */
  port?: number
  chains: LocalChain[]
  /** Projects allowed to call; default ['postern-demo', 'test']. */
  projectIds?: string[]
  /** What /projects/v1/origins answers; default the loopback origins on any port. */
  allowedOrigins?: string[]
  /** What /getAnalyticsConfig answers; default true. */
  analyticsEnabled?: boolean
  /** A Solana JSON-RPC endpoint for base58 addresses on the balance endpoint. */
  solanaRpcUrl?: string
}

export interface ApiServer {
  url: string
  /** Analytics events posted to /e, oldest first (each an AnalyticsEvent). */
  events: unknown[]
  setAllowedOrigins(list: string[]): void
  stop(): Promise<void>
}

export const DEFAULT_PROJECT_IDS = ['postern-demo', 'test']
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*']

/** Starts the reference provider + blockchain API server on 127.0.0.1. */
export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  fixtures() // load and check the fixture files before listening
  const state = createState({
    chains: opts.chains,
    projectIds: opts.projectIds ?? DEFAULT_PROJECT_IDS,
    allowedOrigins: opts.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS,
    analyticsEnabled: opts.analyticsEnabled ?? true,
    solanaRpcUrl: opts.solanaRpcUrl,
  })

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') return sendPreflight(req, res)
    try {
      send(res, await dispatch(routes, state, req))
    } catch (error) {
      if (error instanceof HttpError) return send(res, { status: error.status, json: { reason: error.reason } })
      console.error('[dev/api]', error)
      send(res, { status: 500, json: { reason: error instanceof Error ? error.message : 'internal error' } })
    }
  }

  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('api server has no TCP address')
  state.url = `http://127.0.0.1:${address.port}`

  let stopping: Promise<void> | undefined
  return {
    url: state.url,
    events: state.events,
    setAllowedOrigins(list) {
      state.allowedOrigins = [...list]
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
      return stopping
    },
  }
}
