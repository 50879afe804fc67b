// The test Farcaster client as a page, so a person can finish a Farcaster login under `npm start`:
// paste the channel link the modal shows (or open /?channel=<link>) and approve as the demo fid.
// The signing runs here on the server with the demo fid's dev custody key; no script in the page.
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as v from 'valibot'
import { signInWithFarcaster } from './client.ts'

/** The fid every relay registers at start, for hand logins. */
export const DEMO_FID = { fid: 1, username: 'demo.eth' } as const

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const ChannelLink = v.pipe(
  v.string(), v.trim(), v.maxLength(2048), v.url('must be a link'),
  v.check((u) => new URL(u).searchParams.has('channelToken'), 'must be a Farcaster channel link (with a channelToken)'),
)
const Form = v.object({ channel: ChannelLink })

function page(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store',
    // Dev-only page: inline styles, no scripts, the form posts only here.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  })
  res.end(`<!doctype html><meta charset="utf-8"><title>Postern test Farcaster client</title><style>body{font:14px system-ui;margin:2em;max-width:40em}input{width:100%;box-sizing:border-box;font:inherit;padding:.4em}button{font:inherit;padding:.4em 1em;margin-top:.6em}.error{color:#b00020}</style><h1>Postern test Farcaster client</h1>${body}`)
}

function form(channel: string, error?: string) {
  return `<p>Paste the link the Postern modal shows under "Copy link", then approve the login as <strong>${DEMO_FID.username}</strong> (fid ${DEMO_FID.fid}).</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}<form method="post" action="/"><label for="channel">Channel link</label><input id="channel" name="channel" value="${escape(channel)}" required><button type="submit">Approve as ${DEMO_FID.username}</button></form>`
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let text = ''
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8')
    if (text.length > 10_000) break
  }
  return Object.fromEntries(new URLSearchParams(text))
}

/** Serves GET / and POST / of the relay; false for any other request. */
export async function handlePage(req: IncomingMessage, res: ServerResponse, relayUrl: string): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://relay')
  if (url.pathname !== '/') return false
  if (req.method === 'GET') {
    page(res, 200, form(url.searchParams.get('channel') ?? ''))
    return true
  }
  if (req.method !== 'POST') return false
  const raw = await readForm(req)
  const parsed = v.safeParse(Form, raw)
  if (!parsed.success) {
    page(res, 400, form(raw.channel ?? '', v.summarize(parsed.issues)))
    return true
  }
  try {
    await signInWithFarcaster(relayUrl, parsed.output.channel, { fid: DEMO_FID.fid })
  } catch (error) {
    page(res, 400, form(parsed.output.channel, (error as Error).message))
    return true
  }
  page(res, 200, `<p role="status" data-testid="approved">Approved: signed in as ${DEMO_FID.username} (fid ${DEMO_FID.fid}). Go back to the site.</p>`)
  return true
}
