// bench/examples: the first error of an app's build output, as the table shows it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: a plain .mjs module of the bench, without declarations
import { firstError } from '../../bench/examples/install.mjs'

const test = suite('bench/examples first error')

test("the type checker's error wins over a bundler's warning printed before it (vue-core's build: run-p type-check build-only)", () => {
  const output = [
    '> vite build',
    'vite v6.4.6 building for production...',
    'src/App.vue?vue&type=script&lang.ts (5:8): "bitcoinAdapter" is not exported by "src/config/index.ts", imported by "src/App.vue?vue&type=script&lang.ts".',
    "src/App.vue(24,9): error TS2305: Module '\"./config/index\"' has no exported member 'bitcoinAdapter'.",
    'ERROR: "type-check" exited with 2.',
  ].join('\n')
  assert.is(firstError(output), "src/App.vue(24,9): error TS2305: Module '\"./config/index\"' has no exported member 'bitcoinAdapter'.")
})

test("without a type error, a bundler's resolve error, then any error line", () => {
  assert.is(firstError('building\n\x1b[31mMissing "./ethers" specifier in "postern" package\x1b[0m\nError: Build failed'), 'Missing "./ethers" specifier in "postern" package')
  assert.is(firstError('npm warn deprecated x\nsomething failed here\nbye'), 'something failed here')
})

test("next build's lint failure: the rule broken, with its file and place, not \"Failed to compile.\" (next-core-app-router)", () => {
  const output = [
    '   Linting and checking validity of types ...',
    '',
    'Failed to compile.',
    '',
    './src/components/ActionButtonList.tsx',
    '22:23  Error: Unexpected any. Specify a different type.  @typescript-eslint/no-explicit-any',
    '',
    'info  - Need to disable some ESLint rules? Learn more here: https://nextjs.org/docs/app/api-reference/config/eslint#disabling-rules',
  ].join('\n')
  assert.is(firstError(output), './src/components/ActionButtonList.tsx 22:23 Error: Unexpected any. Specify a different type. @typescript-eslint/no-explicit-any')
})

test.run()
