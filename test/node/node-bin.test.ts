// The workspace packages' commands are bundled with their packages left as imports: the build
// refuses one whose package.json lacks an import (an install would fail at run time) or lists a
// package the command never imports (an install would download it for nothing).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error: a plain .mjs build script without types
import { bundleBin, packageNameOf } from '../../build/node-bin.mjs'

const test = suite('build: a workspace package command')
let dir: string

test.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'postern-bin-'))
  writeFileSync(join(dir, 'helper.ts'), "export { parse } from 'valibot'\nexport const name = 'helper'\n")
  writeFileSync(join(dir, 'main.ts'), "import { readFileSync } from 'node:fs'\nimport { parse, name } from './helper.ts'\nimport { createPublicClient } from 'viem'\nimport { parseSiweMessage } from 'viem/siwe'\nconsole.log(name, typeof parse, typeof readFileSync, typeof createPublicClient, typeof parseSiweMessage)\n")
})
test.after.each(() => rmSync(dir, { recursive: true, force: true }))

const build = (dependencies: Record<string, string>) => {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'a-command', dependencies }))
  return bundleBin({ root: dir, entry: 'main.ts', outfile: join(dir, 'dist/main.js'), manifestPath: join(dir, 'package.json') })
}

test('packageNameOf: a subpath import names its package, a scoped one keeps its scope', () => {
  assert.is(packageNameOf('viem/siwe'), 'viem')
  assert.is(packageNameOf('@solana/kit'), '@solana/kit')
  assert.is(packageNameOf('@solana-program/token/dist'), '@solana-program/token')
})

test('our modules are inlined, packages left as imports, and the file is an executable script', async () => {
  await build({ valibot: '1.5.0', viem: '2.57.1' })
  const out = readFileSync(join(dir, 'dist/main.js'), 'utf8')
  assert.ok(out.startsWith('#!/usr/bin/env node\n'))
  assert.match(out, /from "valibot"/)
  assert.match(out, /from "viem\/siwe"/)
  assert.not.match(out, /from "\.\/helper/)
  assert.match(out, /var name = "helper"/)
  assert.ok(statSync(join(dir, 'dist/main.js')).mode & 0o100, 'not executable')
})

test('behavior: an import its package.json does not declare fails the build, naming it', async () => {
  try {
    await build({ valibot: '1.5.0' })
    assert.unreachable('built without viem declared')
  } catch (error) {
    assert.match((error as Error).message, /^a-command: main\.ts imports viem, not in its package\.json dependencies/)
  }
})

test('behavior: a dependency the command never imports fails the build, naming it', async () => {
  try {
    await build({ valibot: '1.5.0', viem: '2.57.1', pg: '8.23.1' })
    assert.unreachable('built with pg declared for nothing')
  } catch (error) {
    assert.match((error as Error).message, /^a-command: its package\.json declares pg, which main\.ts never imports/)
  }
})

test.run()
