// bench/peers/js-profile.mjs: a V8 CPU profile's samples as JS own time per script file and per
// function, each sample standing for the time until the next.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: a plain .mjs module of the bench, without declarations
import { jsSelfTimes } from '../../bench/peers/js-profile.mjs'

const test = suite('bench/peers js profile')
const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0) => ({ functionName, url, lineNumber, columnNumber, scriptId: '1' })
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('render', 'http://127.0.0.1:1/postern/dist-postern/mount-X.js?v=1', 0, 41) },
    { id: 4, callFrame: frame('', 'http://127.0.0.1:1/postern/dist-postern/entry.js', 2, 9) },
    { id: 5, callFrame: frame('vis') },
    { id: 6, callFrame: frame('(garbage collector)') },
  ],
  // µs: sample i lasts timeDeltas[i + 1].
  samples: [2, 3, 3, 4, 5, 6, 2],
  timeDeltas: [0, 5000, 2000, 3000, 1000, 4000, 500],
}

test('own time per file and per function, largest first; V8\'s own names kept, scripts without a URL apart', () => {
  const { files, functions } = jsSelfTimes(profile)
  assert.equal(files, [['(idle)', 5], ['mount-X.js', 5], ['(garbage collector)', 0.5], ['entry.js', 1], ['(no url)', 4]].sort((a, b) => (b[1] as number) - (a[1] as number)))
  assert.equal(functions, [['mount-X.js render :1:42', 5], ['(no url) vis :1:1', 4], ['entry.js (anonymous) :3:10', 1]])
})

test('the last sample has no length; top limits the functions', () => {
  assert.equal(jsSelfTimes({ ...profile, samples: [3], timeDeltas: [0] }), { files: [], functions: [] })
  assert.is(jsSelfTimes(profile, 1).functions.length, 1)
})

test.run()
