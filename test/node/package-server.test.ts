// What a site owner gets from `npm install postern-server` on the machine that serves the API:
// the packed workspace package installed into a throw-away project, its command started as the
// README says, on PGlite; it answers the wallet catalogue, and refuses to start without the
// embedded wallet's share wrapping key.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listeningPort, packAndInstall, root, startCommand, type Command, type Packed } from './pack.ts'

const test = suite('package: postern-server as an operator installs it')
const SHARE_KEY = 'c0'.repeat(32)
let packed: Packed
let dataDir: string
const started: Command[] = []

test.before(() => {
  packed = packAndInstall({ workspace: 'server' })
  dataDir = mkdtempSync(join(tmpdir(), 'postern-server-data-'))
})
test.after(async () => {
  await Promise.all(started.map((c) => c.stop()))
  packed?.remove()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const run = (env: Record<string, string>) => {
  const command = startCommand(packed.project, 'postern-server', { HOST: '127.0.0.1', PORT: '0', INDEXER: 'off', ...env })
  started.push(command)
  return command
}

test('the tarball holds the bundled command, its fixtures and migrations, and no sources', () => {
  for (const file of ['package.json', 'README.md', 'dist/main.js', 'dist/fixtures/wallets.json', 'dist/migrations/001-transfers.sql']) {
    assert.ok(packed.files.includes(file), `${file} is not packed`)
  }
  assert.equal(packed.files.filter((f) => f.endsWith('.ts')), [])
  const manifest = JSON.parse(readFileSync(join(root, 'packages/server/package.json'), 'utf8')) as { dependencies: Record<string, string> }
  for (const name of Object.keys(manifest.dependencies)) assert.ok(existsSync(join(packed.project, 'node_modules', name, 'package.json')), `${name} was not installed`)
  assert.not.ok(existsSync(join(packed.project, 'node_modules/postern')), 'the client package came with it')
})

test('its README names every variable the server reads from the environment', () => {
  const readme = readFileSync(join(root, 'packages/server/README.md'), 'utf8')
  const names = ['server/config.ts', 'server/config-auth.ts'].flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): v\./gm)].map((m) => m[1]!))
  assert.ok(names.length > 20, `only ${names.length} variables found: the schemas' layout changed`)
  assert.equal(names.filter((name) => !readme.includes(`\`${name}\``)), [], 'undocumented')
})

test('behavior: it starts on PGlite with a wrapping key and answers the wallet catalogue', async () => {
  const server = run({ SHARE_KEY, DATA_DIR: dataDir, PROJECT_IDS: 'shop' })
  const port = await listeningPort(server)
  const res = await fetch(`http://127.0.0.1:${port}/getWallets?projectId=shop&st=postern&sv=test`)
  assert.is(res.status, 200, await res.clone().text())
  const body = await res.json() as { count: number; data: { id: string; name: string }[] }
  assert.ok(body.count > 0 && body.data.length > 0, 'an empty catalogue')
  assert.type(body.data[0]!.name, 'string')
  const unknown = await fetch(`http://127.0.0.1:${port}/getWallets?projectId=not-ours`)
  assert.is(unknown.status, 403, 'a project it does not serve')
  assert.match(server.output(), /data in PGlite in /)
  assert.ok(existsSync(join(dataDir, 'PG_VERSION')), 'PGlite wrote no data folder')
  assert.is(await server.stop(), 0, `it did not stop cleanly:\n${server.output()}`)
})

test('behavior: without a wrapping key it refuses to start, saying which variable it needs', async () => {
  const server = run({ DATA_DIR: dataDir })
  assert.is(await server.exitCode(), 2, server.output())
  assert.match(server.output(), /^postern server: SHARE_KEY or SHARE_KEY_FILE: .*required/m)
  assert.not.match(server.output(), /listening/)
})

test('behavior: a malformed variable stops it with the variable named, not a stack trace', async () => {
  const server = run({ SHARE_KEY, DATA_DIR: dataDir, EVM_RPC_URLS: '1=nope' })
  assert.is(await server.exitCode(), 2, server.output())
  assert.match(server.output(), /^postern server: EVM_RPC_URLS\.0: must be chainId=url/m)
  assert.not.match(server.output(), /\n\s+at /)
})

test.run()
