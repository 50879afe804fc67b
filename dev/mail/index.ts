// The local mail server: an SMTP server (smtp-server) that keeps every message in memory, and an
// inbox page over HTTP showing them newest first (/ as HTML, /messages.json for scripts).
import { createServer } from 'node:http'
import type { Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface MailMessage { id: number; from: string; to: string[]; subject: string; text: string; receivedAt: number }

export interface MailServer {
  smtp: { host: string; port: number; dev: true }
  /** The inbox page. */
  inboxUrl: string
  messages: MailMessage[]
  stop(): Promise<void>
}

const MAX_MESSAGES = 500
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Splits a plain RFC 5322 message into headers and body, unfolding headers and undoing quoted-printable soft breaks. */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ')
  let text = split < 0 ? '' : raw.slice(split + 4)
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(head)) {
    text = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  }
  return { subject: /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '', text: text.replace(/\r\n/g, '\n').trim() }
}

export async function startMailServer(): Promise<MailServer> {
  const messages: MailMessage[] = []
  let next = 1
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'))
        messages.unshift({
          id: next++, subject, text, receivedAt: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        })
        messages.length = Math.min(messages.length, MAX_MESSAGES)
        callback()
      })
    },
  })
  // A client that drops its connection mid-session (a server killed while it mails) is the
  // client's failure, not the inbox's: without a listener the error would end this process.
  smtp.on('error', () => {})
  await new Promise<void>((resolve, reject) => smtp.server.once('error', reject).listen(0, '127.0.0.1', () => resolve()))
  const smtpPort = (smtp.server.address() as { port: number }).port

  const sockets = new Set<Socket>()
  const http = createServer((req, res) => {
    const { pathname, searchParams } = new URL(req.url ?? '/', 'http://127.0.0.1')
    const to = searchParams.get('to')?.toLowerCase()
    const shown = to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages
    if (pathname === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' })
      return res.end(JSON.stringify(shown))
    }
    if (pathname !== '/') return res.writeHead(404).end('not found')
    const items = shown.map((m) => `<article data-to="${escape(m.to.join(','))}"><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to.join(', '))} · ${new Date(m.receivedAt).toISOString()}</p><pre>${escape(m.text)}</pre></article>`)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(`<!doctype html><meta charset="utf-8"><title>Inbox</title><style>body{font:14px system-ui;margin:2em}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style><h1>Inbox (${shown.length})</h1>${items.join('') || '<p>No messages yet.</p>'}`)
  })
  http.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))))
  await new Promise<void>((resolve, reject) => http.once('error', reject).listen(0, '127.0.0.1', () => resolve()))
  const httpPort = (http.address() as { port: number }).port
  return {
    // A development inbox without TLS: the auth service may send to it in plain.
    smtp: { host: '127.0.0.1', port: smtpPort, dev: true },
    inboxUrl: `http://127.0.0.1:${httpPort}/`,
    messages,
    stop: async () => {
      for (const s of sockets) s.destroy()
      await Promise.all([new Promise<void>((r) => http.close(() => r())), new Promise<void>((r) => smtp.close(() => r()))])
    },
  }
}
