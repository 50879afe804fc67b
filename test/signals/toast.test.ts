import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { showToast, TOAST_DELAY_MS } from '../../src/signals/toast'
import { mainnet } from '../../src/networks'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const test = suite('toast')
test('behavior: the first message shows at once', () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet] }))
  showToast(store, 'success', 'Copied')
  assert.is(store.toast.current.value?.message, 'Copied')
})
test('behavior: a new message closes the open one and shows after 150 ms', async () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet] }))
  showToast(store, 'loading', 'Waiting')
  showToast(store, 'error', 'Failed')
  assert.is(store.toast.current.value, null)
  await sleep(TOAST_DELAY_MS - 40)
  assert.is(store.toast.current.value, null)
  await sleep(80)
  assert.equal({ ...store.toast.current.value, id: 0 }, { id: 0, variant: 'error', message: 'Failed' })
})
test('behavior: a non-loading toast hides by itself', async () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet] }))
  showToast(store, 'success', 'Done')
  await sleep(2600)
  assert.is(store.toast.current.value, null)
})
test.run()
