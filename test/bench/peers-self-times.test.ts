// bench/peers/self-times.mjs: a trace's main-thread time in a window, by event name, children's
// time taken out of their parents', on the page's clock.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: a plain .mjs module of the bench, without declarations
import { selfTimes, timeline } from '../../bench/peers/self-times.mjs'

const test = suite('bench/peers self times')
// Trace times in µs; the mark at trace 1,000,000 µs is page time 100 ms, so page t ms = trace (t + 900) ms.
const X = (name: string, fromMs: number, durMs: number, tid = 1) => ({ name, ph: 'X', pid: 7, tid, ts: (fromMs + 900) * 1000, dur: durMs * 1000 })
const mark = { name: 'pb-sync', ph: 'R', pid: 7, tid: 1, ts: 1_000_000 }

test('own time per name: a child is taken out of its parent; idle is the rest of the window', () => {
  const events = [
    mark,
    X('RunTask', 0, 50), X('FunctionCall', 5, 40), X('UpdateLayoutTree', 10, 15), X('Layout', 30, 5),
    X('RunTask', 70, 10), X('ParseHTML', 70, 10),
    X('RunTask', 20, 100, 2), // another thread: not counted
  ]
  const { total, idle, kinds } = selfTimes(events, 100, 0, 100)
  assert.is(total, 60)
  assert.is(idle, 40)
  assert.equal(Object.fromEntries(kinds), { FunctionCall: 20, UpdateLayoutTree: 15, ParseHTML: 10, RunTask: 10, Layout: 5 })
  assert.is(kinds[0][0], 'FunctionCall')
})

test('events are clipped to the window, and one without the sync mark is refused', () => {
  const { total, kinds } = selfTimes([mark, X('RunTask', 0, 50), X('FunctionCall', 10, 30)], 100, 20, 30)
  assert.is(total, 10)
  assert.equal(kinds, [['FunctionCall', 10]])
  assert.throws(() => selfTimes([X('RunTask', 0, 5)], 100, 0, 10), /no pb-sync mark/)
})

test('the timeline: events in the window in order, nested by indent, with what they ran; short ones and other threads left out', () => {
  const click = { ...X('EventDispatch', 10, 4), args: { data: { type: 'click' } } }
  const lines = timeline([mark, X('RunTask', 5, 12), click, X('FunctionCall', 11, 0.1), X('Layout', 15, 1), X('RunTask', 8, 5, 2), X('RunTask', 200, 5)], 100, 0, 100)
  assert.equal(lines.map((l: string) => l.trim().replace(/\s+/g, ' ')), ['5.0 12.0 ms RunTask', '10.0 4.0 ms EventDispatch click', '15.0 1.0 ms Layout'])
  assert.ok(lines[1]!.includes('ms   EventDispatch') && lines[0]!.includes('ms RunTask'), 'a child indented under its task')
})

test.run()
