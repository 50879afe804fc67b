// The exchange sandbox page of AppKit Pay (served beside the onramp sandbox, on its own origin,
// only when the sandbox runs): it shows the payment, and "paying" there sends the amount to the
// recipient from the development node's treasury; cancelling fails the payment. The status route
// (routes/pay.ts) reports either.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Address } from 'viem'
import { CLOSE_SCRIPT, esc, page, payFromTreasury, readForm, reply } from './onramp-sandbox.ts'
import { endPaySession, paySessionById, recordPayment, type PaySession } from './pay.ts'
import type { ServerState } from './state.ts'

function checkout(s: PaySession): string {
  const ended = s.status !== 'pending'
  const outcome = s.status === 'failed'
    ? '<p data-testid="failed">Payment cancelled. You can return to the site.</p>'
    : `<p data-testid="done">Payment sent.${s.tx_hash ? ` Transaction ${esc(s.tx_hash)}` : ''} You can return to the site.</p>`
  return page('Postern Test Exchange', `<h1>Postern Test Exchange <small>(sandbox)</small></h1>
<dl><dt>You send</dt><dd data-testid="amount">${esc(s.amount)} ${esc(s.asset)}</dd>
<dt>Network</dt><dd>eip155:${s.chain_id}</dd><dt>To</dt><dd style="word-break:break-all" data-testid="recipient">${esc(s.recipient)}</dd></dl>
${ended ? `${outcome}<script>${CLOSE_SCRIPT}</script>` : `<form method="post" action="/exchange/confirm">
<input type="hidden" name="session" value="${esc(s.id)}"><button type="submit">Pay from exchange balance</button></form>
<form method="post" action="/exchange/cancel"><input type="hidden" name="session" value="${esc(s.id)}"><button type="submit" style="background:#5c5c5c">Cancel payment</button></form>`}`)
}

const notFound = (res: ServerResponse) => reply(res, 404, page('Not found', '<p>No such payment.</p>'))

/** Pays a pending session once: ended first (a second confirm pays nothing), failed if the transfer fails. */
async function settle(state: ServerState, s: PaySession): Promise<void> {
  if (!(await endPaySession(state.db, s.id, 'completed'))) return
  try {
    const chain = state.evm.find((c) => c.chainId === s.chain_id)
    if (!chain) throw new Error(`chain ${s.chain_id} is not served`)
    const token = s.token_address ? chain.trusted.find((t) => t.address.toLowerCase() === s.token_address!.toLowerCase()) : undefined
    if (s.token_address && !token) throw new Error(`${s.asset} is no longer offered on chain ${s.chain_id}`)
    await recordPayment(state.db, s.id, await payFromTreasury(chain, s.recipient as Address, token, s.amount))
  } catch (error) {
    await state.db.query("UPDATE pay_sessions SET status = 'failed' WHERE id = $1", [s.id])
    throw error
  }
}

export async function handleExchange(state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'GET' && url.pathname === '/exchange') {
    const s = await paySessionById(state.db, url.searchParams.get('session') ?? '')
    return s ? reply(res, 200, checkout(s)) : notFound(res)
  }
  const action = req.method === 'POST' ? /^\/exchange\/(confirm|cancel)$/.exec(url.pathname)?.[1] : undefined
  if (!action) return reply(res, 404, page('Not found', '<p>Not found.</p>'))
  const s = await paySessionById(state.db, (await readForm(req))['session'] ?? '')
  if (!s) return notFound(res)
  if (action === 'cancel') await endPaySession(state.db, s.id, 'failed')
  else await settle(state, s)
  reply(res, 200, checkout((await paySessionById(state.db, s.id))!))
}
