// The migrations are numbered once each: two files with one number (two branches that each took the
// next number) would apply the first and fail at every start on the second.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrations } from '../../../server/db/migrate.ts'

test('behavior: every migration file has a number of its own, in order from 1', () => {
  const versions = migrations().map((m) => m.version)
  assert.equal(versions, versions.map((_, i) => i + 1))
})

test.run()
