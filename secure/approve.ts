// ApproveTransaction, rendered in the secure frame's own document: the site's page cannot reach
// these buttons. Text only (textContent), never markup from a request. Approve is never focused
// and works only once the approval has been seen (approve-gate.ts).
import { gateUntilSeen, TOO_SMALL } from './approve-gate'
export interface ApprovalDetails { title: string; origin: string; rows: [string, string][]; body?: string; warning?: string }

// Characters that change how the text around them reads (direction overrides and isolates, zero
// widths, line and paragraph separators, C0/C1 controls but tab and line breaks): shown as \uXXXX.
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g

/** A request's text as it is written, its invisible and direction-changing characters made visible. */
export const shownAsWritten = (text: string): string => text.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

let open: Promise<void> = Promise.resolve()
/** Bumped by an abort: approvals queued before it never show. */
let generation = 0
const shown = new Set<() => void>()

/** The app aborted its open requests (RPC_ABORT): the approval on screen and the queued ones are refused. */
export function cancelApprovals(): void {
  generation++
  for (const refuse of [...shown]) refuse()
}

/** Shows one request at a time and resolves true on Approve, false on Reject. */
export function askApproval(details: ApprovalDetails, show: () => void, hide: () => void): Promise<boolean> {
  const asked = generation
  const turn = open.then(() => new Promise<boolean>((resolve) => {
    if (asked !== generation) return resolve(false)
    const el = (tag: string, text?: string, cls?: string) => {
      const node = document.createElement(tag)
      if (text !== undefined) node.textContent = shownAsWritten(text)
      if (cls) node.className = cls
      return node
    }
    const panel = el('section', undefined, 'approve')
    panel.setAttribute('role', 'dialog')
    panel.setAttribute('aria-label', details.title)
    panel.append(el('h1', details.title), el('div', `Requested by ${details.origin}`, 'origin'))
    if (details.warning) {
      const warning = el('p', details.warning, 'warning')
      warning.setAttribute('role', 'alert')
      warning.dataset['testid'] = 'w3m-frame-warning'
      panel.append(warning)
    }
    const list = el('dl')
    for (const [k, val] of details.rows) list.append(el('dt', k), el('dd', val))
    panel.append(list)
    if (details.body !== undefined) panel.append(el('pre', details.body))
    const buttons = el('div', undefined, 'buttons')
    const reject = el('button', 'Reject', 'no') as HTMLButtonElement
    const approve = el('button', 'Approve', 'ok') as HTMLButtonElement
    reject.dataset['testid'] = 'w3m-frame-reject'
    approve.dataset['testid'] = 'w3m-frame-approve'
    buttons.append(reject, approve)
    // Shown while the page keeps the frame too small for the details above.
    const tooSmall = el('p', TOO_SMALL, 'too-small')
    tooSmall.setAttribute('role', 'status')
    tooSmall.dataset['testid'] = 'w3m-frame-too-small'
    panel.append(tooSmall, buttons)
    const ungate = gateUntilSeen(buttons, [approve, reject], tooSmall)
    const done = (ok: boolean) => {
      ungate()
      shown.delete(refuse)
      panel.remove()
      hide()
      resolve(ok)
    }
    const refuse = () => done(false)
    shown.add(refuse)
    reject.onclick = () => !reject.disabled && done(false)
    approve.onclick = () => !approve.disabled && done(true)
    document.body.append(panel)
    // Nothing is focused for the visitor: a key press must not approve what has not been read.
    show()
  }))
  open = turn.then(() => undefined)
  return turn
}
