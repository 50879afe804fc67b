// enableAuthLogger reaches the secure frame as AppKit passes it: the frame's enableLogger query,
// on unless the site sets false (AppKit's default is on).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { embeddedFor } from '../../src/lazy/embedded/driver'
import { mainnet } from '../../src/networks'
import { resetDom } from '../render'

const test = suite('embedded frame: enableAuthLogger')
test.before.each(() => resetDom())

const frameQuery = (enableAuthLogger?: boolean) => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet], secureSiteUrl: 'http://127.0.0.1:9/', ...(enableAuthLogger !== undefined && { enableAuthLogger }) }))
  const { frame } = embeddedFor(store)
  const query = new URL(frame.iframe.src).searchParams.get('enableLogger')
  frame.destroy()
  return query
}

test('behavior: enableAuthLogger unset or true asks the frame to log; false keeps it quiet', () => {
  assert.is(frameQuery(), 'true')
  assert.is(frameQuery(true), 'true')
  assert.is(frameQuery(false), 'false')
})

test.run()
