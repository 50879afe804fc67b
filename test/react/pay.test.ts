// postern/pay/react on React 19: AppKit Pay's hooks against the reference server: the exchanges
// fetched on mount, a pay URL for an asset no exchange sells refused with AppKit's error, an
// unknown payment's status an error, and usePay's open() following the controller.
import { createElement, act } from 'react'
import { createRoot } from 'react-dom/client'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as payReact from '../../src/pay-react'
import * as pay from '../../src/pay'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { appkitNames } from '../appkit-entries'
import { kitWith, resetDom } from '../render'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const test = suite<{ api?: ApiServer }>('postern/pay/react', {})
test.before(async (ctx) => {
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: true })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
})
test.before.each(() => {
  resetDom()
  pay.PayController.resetState()
})

/** Renders a component calling the hook; `latest()` is its last return value. */
async function renderHook<T>(hook: () => T): Promise<{ latest: () => T; unmount: () => Promise<void> }> {
  let value: T
  const Probe = () => {
    value = hook()
    return null
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(createElement(Probe)))
  return { latest: () => value, unmount: () => act(async () => root.unmount()) }
}
/** Lets React and the network run until the check holds (5 s at most). */
async function until<T>(check: () => T, label: string): Promise<NonNullable<T>> {
  for (let i = 0; i < 250; i++) {
    const value = check()
    if (value) return value as NonNullable<T>
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))))
  }
  throw new Error(`timed out waiting for ${label}`)
}

test('exports: AppKit\'s hook names', () => {
  assert.equal(appkitNames('pay/react', payReact).missing, [])
})

test('behavior: useAvailableExchanges fetches the server\'s exchanges on mount; usePayUrlActions refuses an asset none sells', async (ctx) => {
  kitWith({ blockchainApiUrl: ctx.api!.url })
  const exchanges = await renderHook(() => payReact.useAvailableExchanges())
  assert.is(exchanges.latest().isLoading, true)
  await until(() => exchanges.latest().data, 'exchanges')
  assert.equal(exchanges.latest().data!.map((e) => e.id), ['reown_test'])
  assert.is(exchanges.latest().error, null)
  const actions = await renderHook(() => payReact.usePayUrlActions())
  const error = await actions.latest().getUrl('reown_test', { network: 'eip155:8453', asset: pay.baseUSDC.asset, amount: 1, recipient: '0x00000000000000000000000000000000000000aa' }).then(() => undefined, (e: unknown) => e)
  assert.is((error as pay.AppKitPayError).code, 'ASSET_NOT_SUPPORTED')
  await exchanges.unmount()
  await actions.unmount()
})

test('behavior: useExchangeBuyStatus reports an unknown payment as an error; usePay opens the Pay view and refuses bad options', async (ctx) => {
  const kit = kitWith({ blockchainApiUrl: ctx.api!.url })
  const status = await renderHook(() => payReact.useExchangeBuyStatus({ exchangeId: 'reown_test', sessionId: 'f'.repeat(32) }))
  await until(() => status.latest().error, 'the status error')
  assert.is((status.latest().error as pay.AppKitPayError).code, 'UNABLE_TO_GET_BUY_STATUS')
  assert.is(status.latest().data, null)
  const hook = await renderHook(() => payReact.usePay())
  assert.equal([hook.latest().isPending, hook.latest().isSuccess, hook.latest().isError], [false, false, false])
  let refused: unknown
  await act(async () => {
    try {
      await hook.latest().open({ paymentAsset: pay.baseUSDC, recipient: 'nope', amount: 1 })
    } catch (error) {
      refused = error
    }
  })
  assert.is((refused as pay.AppKitPayError).code, 'INVALID_RECIPIENT_ADDRESS_FOR_ASSET')
  await act(async () => hook.latest().open({ paymentAsset: pay.baseUSDC, recipient: '0x00000000000000000000000000000000000000aa', amount: 2 }))
  assert.is(kit.getState().open, true)
  assert.is(pay.PayController.state.amount, 2)
  await status.unmount()
  await hook.unmount()
})

test.run()
