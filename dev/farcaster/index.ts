// A stand-in for the Farcaster Connect relay (the protocol of @farcaster/auth-client and Warpcast's
// relay): an app opens a channel (POST /v1/channel), shows its URL as a QR code, and polls
// GET /v1/channel/status with the channel token; the Farcaster client signs the Sign In With
// Farcaster message with the fid's custody key and completes the channel (POST
// /v1/channel/authenticate). Fids live in the IdRegistry on a local OP Mainnet (registry.ts): the
// relay registers them there and reports the custody address it knows, never the client's word
// for it; the auth service reads the chain itself all the same.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import * as v from 'valibot'
import { custodyAddress } from './client.ts'
import { DEMO_FID, handlePage } from './page.ts'
import { startIdRegistry } from './registry.ts'

export interface FarcasterRelay {
  url: string
  /** The local OP Mainnet and its IdRegistry, where the fids are. */
  idRegistry: { rpcUrl: string; address: `0x${string}` }
  /** Registers (or moves) an fid's custody address in the IdRegistry on chain, with its user name. */
  register(fid: number, custody: `0x${string}`, username: string): Promise<void>
  /** Makes the relay report another custody address for the fid than the chain holds (a lying relay). */
  misreport(fid: number, custody: `0x${string}`): void
  stop(): Promise<void>
}

/** A channel lives ten minutes, as long as a person may take to scan and approve. */
const CHANNEL_TTL_MS = 10 * 60_000

const Open = v.object({
  siweUri: v.pipe(v.string(), v.url()),
  domain: v.pipe(v.string(), v.minLength(1), v.maxLength(253)),
  nonce: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,64}$/))),
  notBefore: v.optional(v.string()),
  expirationTime: v.optional(v.string()),
  requestId: v.optional(v.string()),
})
const Authenticate = v.object({
  message: v.pipe(v.string(), v.maxLength(4096)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)),
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  username: v.optional(v.string()),
  displayName: v.optional(v.string()),
  bio: v.optional(v.string()),
  pfpUrl: v.optional(v.string()),
})

interface Channel {
  nonce: string
  url: string
  expires: number
  done?: v.InferOutput<typeof Authenticate> & { custody: string; username: string }
}

/** The channel URL a Farcaster client opens: Warpcast's, with the channel's parameters. */
export const channelUrl = (token: string, p: { nonce: string; siweUri: string; domain: string }) =>
  `https://warpcast.com/~/siwf?${new URLSearchParams({ channelToken: token, nonce: p.nonce, siweUri: p.siweUri, domain: p.domain })}`

export async function startFarcasterRelay(): Promise<FarcasterRelay> {
  const registry = await startIdRegistry()
  const channels = new Map<string, Channel>()
  const fids = new Map<number, { custody: string; username: string }>()
  const server = createServer((req, res) => void handle(req, res).catch((error: Error) => reply(res, 500, { error: error.message })))
  const sockets = new Set<Socket>()
  server.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))))

  function reply(res: ServerResponse, status: number, json: unknown) {
    const body = JSON.stringify(json)
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type' })
    res.end(body)
  }
  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    try { return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') } catch { return undefined }
  }
  function channelOf(req: IncomingMessage): [string, Channel] | undefined {
    const token = /^Bearer ([\w-]+)$/.exec(req.headers.authorization ?? '')?.[1]
    const channel = token ? channels.get(token) : undefined
    if (!token || !channel) return undefined
    if (channel.expires <= Date.now()) return void channels.delete(token)
    return [token, channel]
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://relay').pathname
    if (req.method === 'OPTIONS') return reply(res, 204, null)
    if (await handlePage(req, res, relayUrl)) return
    if (req.method === 'POST' && path === '/v1/channel') {
      const body = v.safeParse(Open, await readJson(req))
      if (!body.success) return reply(res, 400, { error: v.summarize(body.issues) })
      const token = randomBytes(16).toString('hex')
      const nonce = body.output.nonce ?? randomBytes(8).toString('hex')
      const url = channelUrl(token, { nonce, siweUri: body.output.siweUri, domain: body.output.domain })
      channels.set(token, { nonce, url, expires: Date.now() + CHANNEL_TTL_MS })
      return reply(res, 201, { channelToken: token, url, connectUri: url, nonce })
    }
    if (req.method === 'GET' && path === '/v1/channel/status') {
      const found = channelOf(req)
      if (!found) return reply(res, 401, { error: 'Unauthorized' })
      const [, channel] = found
      if (!channel.done) return reply(res, 202, { state: 'pending', nonce: channel.nonce, url: channel.url })
      return reply(res, 200, { state: 'completed', nonce: channel.nonce, url: channel.url, ...channel.done, verifications: [] })
    }
    if (req.method === 'POST' && path === '/v1/channel/authenticate') {
      const found = channelOf(req)
      if (!found) return reply(res, 401, { error: 'Unauthorized' })
      const body = v.safeParse(Authenticate, await readJson(req))
      if (!body.success) return reply(res, 400, { error: v.summarize(body.issues) })
      const registered = fids.get(body.output.fid)
      if (!registered) return reply(res, 400, { error: `fid ${body.output.fid} is not registered` })
      found[1].done = { ...body.output, custody: registered.custody, username: registered.username }
      return reply(res, 201, { state: 'completed' })
    }
    return reply(res, 404, { error: 'Not found' })
  }

  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()))
  } catch (error) {
    await registry.stop()
    throw error
  }
  const relayUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const register = async (fid: number, custody: `0x${string}`, username: string) => {
    await registry.register(fid, custody)
    fids.set(fid, { custody, username })
  }
  const stop = async () => {
    await new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      server.close(() => resolve())
    })
    await registry.stop()
  }
  try {
    // The demo fid, so the page at / can sign in by hand.
    await register(DEMO_FID.fid, custodyAddress(DEMO_FID.fid), DEMO_FID.username)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url: relayUrl,
    idRegistry: { rpcUrl: registry.rpcUrl, address: registry.address },
    register,
    misreport(fid, custody) {
      const known = fids.get(fid)
      fids.set(fid, { custody, username: known?.username ?? `user${fid}` })
    },
    stop,
  }
}
