// The modal's side of the secure frame, in happy-dom: the iframe's attributes and query, replies
// matched by id and type from the frame's window and origin only, the spec's timeouts and errors.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFrame, type Frame } from '../../src/lazy/embedded/frame.ts'

const test = suite('embedded frame client')
const SECURE = 'http://127.0.0.1:7777'
const frames: Frame[] = []
test.after.each(() => frames.splice(0).forEach((f) => f.destroy()))

const open = (timeouts = { load: 200, login: 100, ready: 10 }) => {
  const frame = createFrame({ secureSiteUrl: `${SECURE}/`, projectId: 'p1', version: 'v1', timeouts })
  frames.push(frame)
  return frame
}
/** A message as if posted by `source` from `origin`. */
const deliver = (data: unknown, source: unknown, origin = SECURE) => window.dispatchEvent(new MessageEvent('message', { data, source: source as Window, origin }))
const sent = (frame: Frame) => {
  const list: any[] = []
  Object.defineProperty(frame.iframe, 'contentWindow', { value: { postMessage: (m: unknown, o: string) => list.push({ m, o }) }, configurable: true })
  return list
}
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms))

test('behavior: the hidden iframe has the spec id, name and query (chainId eip155:1 by default)', () => {
  const frame = open()
  assert.is(frame.iframe.id, 'w3m-iframe')
  assert.is(frame.iframe.name, 'w3m-secure-iframe')
  const url = new URL(frame.iframe.src)
  assert.is(url.origin, SECURE)
  assert.equal(Object.fromEntries(url.searchParams), { projectId: 'p1', chainId: 'eip155:1', version: 'v1', enableLogger: 'false' })
  assert.is(frame.iframe.getAttribute('aria-hidden'), 'true')
  assert.is(frame.state.peek(), 'not-loaded')
})

test('behavior: READY from the frame → ready after the delay; from the page or another origin → still not loaded', async () => {
  const frame = open()
  const out = sent(frame)
  deliver({ type: '@w3m-frame/READY' }, window)
  deliver({ type: '@w3m-frame/READY' }, frame.iframe.contentWindow, 'http://evil.test')
  await tick()
  assert.is(frame.state.peek(), 'not-loaded')
  deliver({ type: '@w3m-frame/READY' }, frame.iframe.contentWindow)
  assert.is(frame.state.peek(), 'not-loaded')
  await tick()
  assert.is(frame.state.peek(), 'ready')
  const init = frame.initialize({ theme: { themeMode: 'dark' }, dapp: { sdkVersion: 'v1', sdkType: 'postern', projectId: 'p1' } })
  await tick(0)
  assert.equal(out.map((x) => [x.m.type, x.o]), [['@w3m-app/SYNC_THEME', SECURE], ['@w3m-app/SYNC_DAPP_DATA', SECURE]])
  for (const { m } of out) deliver({ id: m.id, type: `${m.type.replace('@w3m-app/', '@w3m-frame/')}_SUCCESS` }, frame.iframe.contentWindow)
  await init
  assert.is(frame.state.peek(), 'initialized')
})

test('behavior: a reply counts only with a pending id, the same type, from the frame; random ids are UUIDs', async () => {
  const frame = open()
  const out = sent(frame)
  deliver({ type: '@w3m-frame/READY' }, frame.iframe.contentWindow)
  const answer = frame.request('GET_CHAIN_ID')
  await tick()
  const { id } = out[0]!.m
  assert.match(id, /^[0-9a-f-]{36}$/)
  deliver({ id, type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 666 } }, window) // the page itself
  deliver({ id, type: '@w3m-frame/SIGN_OUT_SUCCESS' }, frame.iframe.contentWindow) // another request's type
  deliver({ id: crypto.randomUUID(), type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 667 } }, frame.iframe.contentWindow)
  deliver({ id, type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }, frame.iframe.contentWindow)
  assert.equal(await answer, { chainId: 1 })
})

test('behavior: errors carry the frame message, else "An error occurred"; login requests time out with iframe_request_timeout', async () => {
  const frame = open()
  const out = sent(frame)
  deliver({ type: '@w3m-frame/READY' }, frame.iframe.contentWindow)
  const a = frame.request('CONNECT_EMAIL', { email: 'a@b.co' })
  const b = frame.request('SIGN_OUT')
  await tick()
  deliver({ id: out[0]!.m.id, type: '@w3m-frame/CONNECT_EMAIL_ERROR', payload: { message: 'Please try again after 12 seconds' } }, frame.iframe.contentWindow)
  deliver({ id: out[1]!.m.id, type: '@w3m-frame/SIGN_OUT_ERROR', payload: {} }, frame.iframe.contentWindow)
  assert.is(await a.catch((e) => e.message), 'Please try again after 12 seconds')
  assert.is(await b.catch((e) => e.message), 'An error occurred')
  const slow = frame.request('CONNECT_OTP', { otp: '123456' })
  assert.is(await slow.catch((e) => e.message), 'iframe_request_timeout')
})

test('behavior: no READY within the load timeout → iframe_load_failed; abort keeps safe reads and cancels the rest', async () => {
  const frame = open({ load: 30, login: 1000, ready: 0 })
  assert.is(await frame.request('GET_USER').catch((e) => e.message), 'iframe_load_failed')
  assert.is(frame.state.peek(), 'failed')

  const live = open()
  sent(live)
  deliver({ type: '@w3m-frame/READY' }, live.iframe.contentWindow)
  const read = live.request('RPC_REQUEST', { method: 'eth_getBalance', params: [] })
  const sign = live.request('RPC_REQUEST', { method: 'personal_sign', params: [] })
  const login = live.request('GET_USER')
  await tick()
  live.abort()
  assert.is(await sign.catch((e) => e.message), 'Request was aborted')
  assert.is(await login.catch((e) => e.message), 'Something went wrong')
  let settled = false
  read.then(() => (settled = true), () => (settled = true))
  await tick()
  assert.is(settled, false)
})

test('behavior: SHOW and HIDE from the frame show and hide it; from anyone else nothing', () => {
  const frame = open()
  deliver({ type: '@w3m-frame/SHOW' }, window)
  assert.is(frame.visible.peek(), false)
  deliver({ type: '@w3m-frame/SHOW' }, frame.iframe.contentWindow)
  assert.is(frame.visible.peek(), true)
  assert.is(frame.iframe.getAttribute('aria-hidden'), 'false')
  deliver({ type: '@w3m-frame/HIDE' }, window)
  assert.is(frame.visible.peek(), true)
  deliver({ type: '@w3m-frame/HIDE' }, frame.iframe.contentWindow)
  assert.is(frame.visible.peek(), false)
})

test('behavior: rejectRpcRequests ends open signing requests with "Request was aborted", keeps safe reads and logins, and tells the frame once', async () => {
  const frame = open()
  const out = sent(frame)
  deliver({ type: '@w3m-frame/READY' }, frame.iframe.contentWindow)
  const sign = frame.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', '0x0'] })
  const read = frame.request('RPC_REQUEST', { method: 'eth_getBalance', params: ['0x0', 'latest'] })
  const login = frame.request('GET_CHAIN_ID')
  await tick()
  frame.rejectRpcRequests()
  assert.is(await sign.catch((e) => e.message), 'Request was aborted')
  await tick()
  assert.equal(out.map((x) => x.m.type).filter((t) => t === '@w3m-app/RPC_ABORT'), ['@w3m-app/RPC_ABORT'])
  // A late reply to the aborted request changes nothing; the others still get theirs.
  deliver({ id: out[0]!.m.id, type: '@w3m-frame/RPC_REQUEST_SUCCESS', payload: '0xsig' }, frame.iframe.contentWindow)
  deliver({ id: out[1]!.m.id, type: '@w3m-frame/RPC_REQUEST_SUCCESS', payload: '0x1' }, frame.iframe.contentWindow)
  deliver({ id: out[2]!.m.id, type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }, frame.iframe.contentWindow)
  assert.is(await read, '0x1')
  assert.equal(await login, { chainId: 1 })
  // Nothing open: no message to the frame.
  frame.rejectRpcRequests()
  await tick()
  assert.is(out.filter((x) => x.m.type === '@w3m-app/RPC_ABORT').length, 1)
})

test.run()
