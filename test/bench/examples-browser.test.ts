// The examples check's reading of console logs: a log that prints a function prints its source,
// whose error path's words ("failed") are no report; the same words in the logged text are.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: the bench scripts are plain ES modules without types
import { printedText } from '../../bench/examples/browser.mjs'

const test = suite('bench/examples: console logs')

/** A console message as Playwright gives it: its text, and handles evaluated against the logged values. */
const message = (...values: unknown[]) => ({
  text: () => values.map((v) => String(v)).join(' '),
  args: () => values.map((value) => ({ evaluate: async (fn: (v: unknown) => unknown) => fn(value) })),
})

test('a logged function\'s source is left out; the rest of the log is read', async () => {
  async function signMessage() {
    throw new Error('Sign message failed')
  }
  assert.is(await printedText(message('provider', signMessage)), 'provider')
  assert.match(await printedText(message('signing failed:', signMessage)), /failed/)
  assert.is(await printedText(message('Tx failed', 42)), 'Tx failed 42')
})

test.run()
