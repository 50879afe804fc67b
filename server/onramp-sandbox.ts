import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import * as v from 'valibot'
import { encodeFunctionData, erc20Abi, parseUnits, toHex, type Address, type Hex } from 'viem'
import { nativeCurrency } from './fixtures.ts'
import { completeSession, recordCredit, sessionById, type OnrampSession } from './onramp.ts'
import { creditSolana, solanaOnrampAssets } from './onramp-solana.ts'
import type { ServerState } from './state.ts'
import type { EvmChain, TokenInfo } from './chain/evm.ts'
import { handleExchange } from './pay-sandbox.ts'
import { allowedOriginsFor, isOrigin } from './auth/origins.ts'
import { originAllowed } from './auth/origin-match.ts'

/** The card numbers the sandbox accepts (the usual test cards); any other is declined. */
const TEST_CARDS = new Set(['4242424242424242', '5555555555554444'])

// A completed purchase opened as a popup closes itself, which returns the person to the site.
export const CLOSE_SCRIPT = 'if (window.opener) setTimeout(function () { window.close() }, 800)'
const CLOSE_HASH = `'sha256-${createHash('sha256').update(CLOSE_SCRIPT).digest('base64')}'`

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
export const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>body{font:16px system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#141414}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dd{margin:0;text-align:right}input,button{font:inherit;padding:10px;width:100%;box-sizing:border-box;margin-top:8px}
button{background:#1f4fd6;color:#fff;border:0;border-radius:8px}.err{color:#b3141f}</style></head><body><main>${body}</main></body></html>`

const Confirm = v.object({ card: v.pipe(v.string(), v.transform((s) => s.replace(/[\s-]/g, '')), v.regex(/^\d{12,19}$/, 'Enter a card number')) })

function checkout(s: OnrampSession, error?: string): string {
  const done = s.status === 'completed'
  return page('Postern Pay sandbox', `<h1>Postern Pay <small>(sandbox)</small></h1>
<dl><dt>You pay</dt><dd data-testid="pay">${esc(s.fiat_amount)} ${esc(s.fiat_currency)}</dd>
<dt>You receive</dt><dd data-testid="receive">${esc(s.crypto_amount)} ${esc(s.asset)}</dd>
<dt>Network</dt><dd>${s.namespace === 'solana' ? 'Solana' : `eip155:${s.chain_id}`}</dd><dt>Wallet</dt><dd style="word-break:break-all">${esc(s.address)}</dd></dl>
${done ? `<p data-testid="done">Purchase complete.${s.tx_hash ? ` Transaction ${esc(s.tx_hash)}` : ''} You can return to the site.</p><script>${CLOSE_SCRIPT}</script>` : `<form method="post" action="/buy/confirm">
<input type="hidden" name="session" value="${esc(s.id)}"><label>Test card number<input name="card" autocomplete="off" inputmode="numeric" placeholder="4242 4242 4242 4242"></label>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}<button type="submit">Confirm purchase</button></form>`}`)
}

// Nodes that sign for unlocked accounts of test money: the only chains the sandbox pays on.
const DEV_NODE = /^(anvil|hardhat|ganache)\b/i
const devNodes = new WeakMap<EvmChain, Promise<boolean>>()

/**
 * Whether the sandbox may sell on this EVM chain: its node must be a development node (anvil,
 * Hardhat, Ganache), whatever chain id it reports; a real network's node never pays from an
 * account of its own. Asked once per chain.
 */
export function sandboxSellsOn(chain: EvmChain): Promise<boolean> {
  let known = devNodes.get(chain)
  if (!known) {
    known = (chain.client.request({ method: 'web3_clientVersion' } as never) as Promise<unknown>)
      .then((version) => typeof version === 'string' && DEV_NODE.test(version), () => false)
    devNodes.set(chain, known)
  }
  return known
}

/** Where the sandbox may send the buyer back: only to an origin the session's project allows. */
export function redirectAllowed(state: ServerState, projectId: string, url: string): boolean {
  const origin = URL.parse(url)?.origin
  return !!origin && isOrigin(origin) && originAllowed(origin, allowedOriginsFor(state, projectId))
}

/** Sends the purchase from the treasury (an account the node signs for) and waits for the receipt. */
async function credit(state: ServerState, s: OnrampSession): Promise<string> {
  if (s.namespace === 'solana') {
    const asset = (await solanaOnrampAssets(state)).find((a) => a.symbol === s.asset)
    if (!asset) throw new Error(`${s.asset} is not delivered on Solana`)
    return creditSolana(state, s.address, asset, s.crypto_amount)
  }
  const chain = state.evm.find((c) => c.chainId === s.chain_id)
  if (!chain) throw new Error(`chain ${s.chain_id} is not served`)
  return payFromTreasury(chain, s.address as Address, chain.trusted.find((t) => t.symbol === s.asset), s.crypto_amount)
}

/** The treasury of a development chain: the last account its node signs for. */
export async function treasuryOf(chain: EvmChain): Promise<Address> {
  if (!(await sandboxSellsOn(chain))) throw new Error(`chain ${chain.chainId} is not a development chain`)
  const accounts = (await chain.client.request({ method: 'eth_accounts' } as never)) as Address[]
  const treasury = accounts[accounts.length - 1]
  if (!treasury) throw new Error('the node has no account to pay from')
  return treasury
}

/** Sends a call from the treasury and waits for its receipt; the hash (a revert throws). */
export async function sendFromTreasury(chain: EvmChain, tx: { to: Address; data?: Hex; value?: bigint; gas?: bigint }): Promise<Hex> {
  const from = await treasuryOf(chain)
  const hex = (n: bigint | undefined) => (n === undefined ? undefined : toHex(n))
  const hash = (await chain.client.request({ method: 'eth_sendTransaction', params: [{ from, to: tx.to, data: tx.data, value: hex(tx.value), gas: hex(tx.gas) }] } as never)) as Hex
  // No replacement check: while it looks one up, viem drops the block number it sees next, and on a
  // development node that mines only on demand no later block comes to end the wait.
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 20_000, checkReplacement: false })
  if (receipt.status !== 'success') throw new Error('the credit transaction reverted')
  return hash
}

/**
 * Sends an amount (a decimal string) of a trusted token, or of the native coin when none, from the
 * treasury (an account the development node signs for) and waits for the receipt; the hash.
 */
export async function payFromTreasury(chain: EvmChain, to: Address, token: TokenInfo | undefined, amount: string): Promise<Hex> {
  return sendFromTreasury(chain, token
    ? { to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, token.decimals)] }) }
    : { to, value: parseUnits(amount, nativeCurrency(chain.chainId).decimals) })
}

export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let text = ''
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8')
    if (text.length > 10_000) break
  }
  return Object.fromEntries(new URLSearchParams(text))
}

export function reply(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src ${CLOSE_HASH}`, ...headers })
  res.end(html)
}

async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox')
  // AppKit Pay's exchange sandbox shares this origin (pay-sandbox.ts).
  if (url.pathname === '/exchange' || url.pathname.startsWith('/exchange/')) return handleExchange(state, req, res, url)
  if (req.method === 'GET' && url.pathname === '/buy') {
    const id = url.searchParams.get('session') ?? ''
    const s = /^[0-9a-f]{32}$/.test(id) ? await sessionById(state.db, id) : undefined
    return s ? reply(res, 200, checkout(s)) : reply(res, 404, page('Not found', '<p>No such purchase.</p>'))
  }
  if (req.method === 'POST' && url.pathname === '/buy/confirm') {
    const fields = await readForm(req)
    const id = fields['session'] ?? ''
    const s = /^[0-9a-f]{32}$/.test(id) ? await sessionById(state.db, id) : undefined
    if (!s) return reply(res, 404, page('Not found', '<p>No such purchase.</p>'))
    const form = v.safeParse(Confirm, fields)
    if (!form.success) return reply(res, 400, checkout(s, form.issues[0].message))
    if (!TEST_CARDS.has(form.output.card)) return reply(res, 402, checkout(s, 'Card declined: use a test card such as 4242 4242 4242 4242'))
    // Completed first, so two confirms never credit twice.
    if (await completeSession(state.db, s.id)) await recordCredit(state.db, s.id, await credit(state, s))
    const done = (await sessionById(state.db, s.id))!
    if (done.redirect_url && redirectAllowed(state, done.project_id, done.redirect_url)) return reply(res, 303, '', { location: done.redirect_url })
    return reply(res, 200, checkout(done))
  }
  reply(res, 404, page('Not found', '<p>Not found.</p>'))
}

/**
 * The sandbox provider page on its own origin: shows the purchase, takes a test card, credits the
 * wallet. It listens on loopback only, whatever interface the API serves.
 */
export async function startOnrampSandbox(state: ServerState, host = '127.0.0.1'): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      console.error('[onramp sandbox]', error)
      if (!res.headersSent) reply(res, 500, page('Error', `<p class="err">${esc(error instanceof Error ? error.message : 'error')}</p>`))
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('sandbox has no TCP address')
  return {
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}`,
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const s of sockets) s.destroy()
    }),
  }
}
