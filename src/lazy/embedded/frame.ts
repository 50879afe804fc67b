// The modal's side of the secure frame (SPEC sections 2, 4, 7, 8, 9): a hidden iframe on the secure
// site's origin, requests with random ids, replies accepted only from that frame's window and
// origin and only for a pending id, all checked by valibot. State: not-loaded → ready → initialized.
import { signal } from '@preact/signals-core'
import * as v from 'valibot'
import { APP, FRAME, FrameMessage, SAFE_METHODS, type AppMessage, type AppType } from '../../utils/frame-messages'
import { PosternError } from '../../utils/errors'

/** SPEC section 9. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
export const LOGIN_TIMEOUT_MS = 30_000
export const READY_DELAY_MS = 500
/** Login-type requests give up after 30 s; RPC waits for the user. */
const LOGIN_TYPES: AppType[] = ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'CONNECT_FARCASTER', 'GET_USER', 'IS_CONNECTED', 'GET_SOCIAL_REDIRECT_URI', 'GET_FARCASTER_URI']

export type FrameState = 'not-loaded' | 'ready' | 'initialized' | 'failed'
type Payload<T extends AppType> = Extract<AppMessage, { type: `${typeof APP}${T}` }>['payload']
type Pending = { type: AppType; method?: string; resolve(value: unknown): void; reject(error: Error): void; timer?: ReturnType<typeof setTimeout> }

export interface FrameOptions {
  secureSiteUrl: string
  projectId: string
  chainId?: string
  version: string
  enableLogger?: boolean
  /**
   * Whether the API lets this page embed the frame (./frame-origin.ts): false shows unverified_domain
   * without loading it; until it settles the frame is not added. Absent: the frame loads at once.
   */
  originCheck?: Promise<boolean | undefined>
  /** Tests shorten the spec's waits. */
  timeouts?: { load?: number; login?: number; ready?: number }
}

export class FrameError extends PosternError {}

export function createFrame(opts: FrameOptions) {
  const origin = new URL(opts.secureSiteUrl).origin
  const state = signal<FrameState>('not-loaded')
  const visible = signal(false)
  const pending = new Map<string, Pending>()
  const query = new URLSearchParams({ projectId: opts.projectId, chainId: opts.chainId ?? 'eip155:1', version: opts.version, enableLogger: String(!!opts.enableLogger) })
  const iframe = document.createElement('iframe')
  iframe.id = 'w3m-iframe'
  iframe.name = 'w3m-secure-iframe'
  iframe.title = 'Secure wallet'
  // A wallet in passkey mode opens its recovery share with the owner's passkey, asked in the frame.
  iframe.allow = 'publickey-credentials-get'
  iframe.src = `${opts.secureSiteUrl.replace(/\/$/, '')}/?${query}`
  const place = (shown: boolean) => {
    // Hidden, fixed and out of the tab order until it shows an approval over the modal.
    iframe.style.cssText = shown
      ? 'position:fixed;z-index:2147483647;top:50%;left:50%;transform:translate(-50%,-50%);width:360px;height:480px;max-width:100vw;border:0;border-radius:24px;box-shadow:0 8px 32px rgba(0,0,0,.3);background:transparent;display:block'
      : 'position:fixed;top:0;left:0;width:0;height:0;border:0;opacity:0;pointer-events:none'
    iframe.tabIndex = shown ? 0 : -1
    iframe.setAttribute('aria-hidden', String(!shown))
    visible.value = shown
  }
  place(false)

  let readyResolve!: () => void
  let readyReject!: (e: Error) => void
  const loaded = new Promise<void>((resolve, reject) => ((readyResolve = resolve), (readyReject = reject)))
  loaded.catch(() => undefined)
  const loadTimer = setTimeout(() => {
    state.value = 'failed'
    readyReject(new FrameError('iframe_load_failed', 'IFRAME_LOAD_FAILED'))
    abort()
  }, opts.timeouts?.load ?? FRAME_LOAD_TIMEOUT_MS)

  const unverified = () => {
    clearTimeout(loadTimer)
    state.value = 'failed'
    console.error('[postern] this origin is not on the project\'s allowed list: the embedded wallet is off (unverified_domain)')
    readyReject(new FrameError('unverified_domain', 'UNVERIFIED_DOMAIN'))
  }

  const onMessage = (event: MessageEvent) => {
    // Only our frame's window from the secure origin: the page itself or another frame is ignored.
    if (event.source !== iframe.contentWindow || event.origin !== origin) return
    const parsed = v.safeParse(FrameMessage, event.data)
    if (!parsed.success) {
      console.warn('[postern] dropped a frame message of the wrong shape:', v.summarize(parsed.issues))
      return
    }
    const message = parsed.output
    if (!('id' in message)) {
      if (message.type === `${FRAME}READY` && state.peek() === 'not-loaded') {
        clearTimeout(loadTimer)
        setTimeout(() => ((state.value = 'ready'), readyResolve()), opts.timeouts?.ready ?? READY_DELAY_MS)
      } else if (message.type === `${FRAME}UNVERIFIED_DOMAIN`) unverified()
      else if (message.type === `${FRAME}SHOW`) place(true)
      else if (message.type === `${FRAME}HIDE`) place(false)
      return
    }
    const entry = pending.get(message.id)
    // A reply must answer the request it names: same id, same message type.
    if (!entry || !message.type.startsWith(`${FRAME}${entry.type}_`)) return
    pending.delete(message.id)
    clearTimeout(entry.timer)
    if (message.type.endsWith('_SUCCESS')) entry.resolve(message.payload)
    else {
      const payload = message.payload as { message?: string; code?: number }
      const error = new FrameError(payload.message || 'An error occurred', payload.code ?? 'FRAME_ERROR')
      entry.reject(error)
    }
  }
  window.addEventListener('message', onMessage)
  let destroyed = false
  if (!opts.originCheck) document.body.append(iframe)
  else {
    void opts.originCheck.then((allowed) => {
      if (destroyed || state.peek() !== 'not-loaded') return
      if (allowed === false) unverified()
      else document.body.append(iframe)
    })
  }

  async function request<T extends AppType>(type: T, ...args: undefined extends Payload<T> ? [Payload<T>?] : [Payload<T>]): Promise<unknown> {
    await loaded
    const win = iframe.contentWindow
    if (!win) throw new FrameError('W3mFrame: iframe is not set', 'IFRAME_NOT_SET')
    const id = crypto.randomUUID()
    const message = { id, type: `${APP}${type}`, payload: args[0] }
    return new Promise((resolve, reject) => {
      const entry: Pending = { type, resolve, reject, method: (args[0] as { method?: string } | undefined)?.method }
      if (LOGIN_TYPES.includes(type)) {
        entry.timer = setTimeout(() => {
          pending.delete(id)
          reject(new FrameError('iframe_request_timeout', 'IFRAME_REQUEST_TIMEOUT'))
        }, opts.timeouts?.login ?? LOGIN_TIMEOUT_MS)
      }
      pending.set(id, entry)
      win.postMessage(message, origin)
    })
  }

  /** SPEC section 4: aborting cancels open requests, except safe reads. */
  function abort() {
    for (const [id, entry] of pending) {
      if (entry.type === 'RPC_REQUEST' && entry.method && SAFE_METHODS.includes(entry.method)) continue
      pending.delete(id)
      clearTimeout(entry.timer)
      entry.reject(new FrameError(entry.type === 'RPC_REQUEST' ? 'Request was aborted' : 'Something went wrong', 'ABORTED'))
    }
  }

  /**
   * SPEC section 2, as AppKit's rejectRpcRequests: open RPC requests other than safe reads end with
   * 'Request was aborted', and the frame is told to drop the approvals it shows or queues.
   */
  function rejectRpcRequests() {
    let open = false
    for (const [id, entry] of pending) {
      if (entry.type !== 'RPC_REQUEST' || (entry.method && SAFE_METHODS.includes(entry.method))) continue
      open = true
      pending.delete(id)
      entry.reject(new FrameError('Request was aborted', 'ABORTED'))
    }
    if (open) void request('RPC_ABORT').catch(() => undefined)
  }

  return {
    state,
    rejectRpcRequests,
    visible,
    origin,
    iframe,
    loaded,
    request,
    abort,
    /** Theme and dapp data reach the frame once it is ready; then it counts as initialized. */
    async initialize(sync: { theme: Payload<'SYNC_THEME'>; dapp: Payload<'SYNC_DAPP_DATA'> }) {
      await Promise.all([request('SYNC_THEME', sync.theme), request('SYNC_DAPP_DATA', sync.dapp)])
      state.value = 'initialized'
    },
    destroy() {
      destroyed = true
      clearTimeout(loadTimer) // a frame taken down before it loaded has not failed
      abort()
      window.removeEventListener('message', onMessage)
      iframe.remove()
    },
  }
}
export type Frame = ReturnType<typeof createFrame>
