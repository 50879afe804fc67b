// What a site gets from `npm install postern`: the packed tarball installed into a throw-away
// project (from the npm cache, the registry only for what it lacks) brings no server packages
// and none of the workspace packages (packages/), type-checks a file that imports every entry,
// imports every ESM entry, and carries the CDN files and the licence notices of what the bundles
// include. The two type checks (tens of seconds of tsc each) run side by side from the install on.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runInNewContext } from 'node:vm'
import { packAndInstall, root, type Packed } from './pack.ts'
import { declarations } from '../declarations.ts'

const test = suite('package: postern as a site installs it')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; devDependencies: Record<string, string> }
const entries = Object.keys(manifest.exports).map((key) => `postern${key.slice(1)}`)
const SERVER_PACKAGES = ['pg', '@electric-sql/pglite', 'nodemailer', 'oauth4webapi']
let packed: Packed
let project: string
let typeChecks: Record<'site' | 'solana', ReturnType<typeof startTypeCheck>>

/** The declaration files npm pack ships: `npm test` builds without them, so they are put there when missing. */
async function ensureTypes(): Promise<void> {
  if (existsSync(join(root, 'dist/types/index.d.ts'))) return
  const out = mkdtempSync(join(root, 'dist/.types-'))
  cpSync(await declarations(), out, { recursive: true })
  try {
    renameSync(out, join(root, 'dist/types'))
  } catch {
    rmSync(out, { recursive: true, force: true }) // another run put them there first
  }
}

test.before(async () => {
  await ensureTypes()
  // The optional peers the hooks, the Vue bindings, the wagmi entry and postern/solana/react's types import, as a site using them has them.
  const peers = ['react', '@types/react', '@wagmi/core', 'vue', '@solana/web3.js', '@types/node'].map((name) => `${name}@${manifest.devDependencies[name]}`)
  packed = packAndInstall({ extra: peers })
  project = packed.project
  typeChecks = {
    site: startTypeCheck('site', entries.filter((e) => !WEB3_TYPED.includes(e)), []),
    solana: startTypeCheck('solana-site', WEB3_TYPED, ['node']),
  }
})
test.after(async () => {
  // The checks end before their folder goes (a failed test may not have waited for them).
  await Promise.all(Object.values(typeChecks ?? {}))
  packed?.remove()
})

test('no server package comes with it', () => {
  for (const name of SERVER_PACKAGES) assert.not.ok(existsSync(join(project, 'node_modules', name)), `${name} was installed`)
  assert.ok(existsSync(join(project, 'node_modules/postern/dist/esm/index.js')))
})

test('the tarball holds the client only: not the workspace packages, nor the secure site they ship', () => {
  assert.ok(packed.files.includes('dist/esm/index.js'))
  assert.equal(packed.files.filter((f) => /^(packages|server|secure|dist\/secure)\//.test(f)), [])
  assert.not.ok(existsSync(join(project, 'node_modules/postern-server')), 'postern-server came with it')
})

// As a site's bundler (Vite, webpack, esbuild) resolves: the declarations' relative imports carry no extension.
// Every package's declarations are checked (skipLibCheck off); only TypeScript's own lib files are not (~2 s of CPU each).
function startTypeCheck(name: string, imported: string[], types: string[]): Promise<{ code: number | null; out: string }> {
  const lines = imported.map((entry, i) => `import * as entry${i} from '${entry}'\nexport const used${i}: object = entry${i}`)
  writeFileSync(join(project, `${name}.ts`), `${lines.join('\n')}\n${imported[0] === 'postern' ? 'entry0.createAppKit satisfies (...args: never[]) => unknown\n' : ''}`)
  writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: false, skipDefaultLibCheck: true, lib: ['es2022', 'dom', 'dom.iterable'], types },
    files: [`${name}.ts`],
  }))
  const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(project, `tsconfig.${name}.json`)], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })))
}

// postern/solana/react's Connection is the site's own @solana/web3.js's, whose declarations need Node's types.
const WEB3_TYPED = ['postern/solana/react']

test('tsc accepts a file that imports every entry, with the declarations checked too', async () => {
  const r = await typeChecks.site
  assert.is(r.code, 0, `tsc failed:\n${r.out}`)
})

test('tsc accepts postern/solana/react with the site\'s @solana/web3.js, its declarations checked too', async () => {
  const r = await typeChecks.solana
  assert.is(r.code, 0, `tsc failed:\n${r.out}`)
})

test('every ESM entry imports in Node', () => {
  const imports = entries.map((entry, i) => `const m${i} = await import('${entry}')\nif (!Object.keys(m${i}).length) throw new Error('${entry} exports nothing')`)
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `${imports.join('\n')}\nconsole.log('imported', ${entries.length})`], { cwd: project, encoding: 'utf8' })
  assert.is(out.trim(), `imported ${entries.length}`)
})

test('the CDN files: the module exports createAppKit, the classic script defines window.Postern', async () => {
  const cdn = join(project, 'node_modules/postern/dist/cdn')
  const mod = await import(pathToFileURL(join(cdn, 'postern.mjs')).href) as { createAppKit?: unknown }
  assert.type(mod.createAppKit, 'function')
  const scope: Record<string, unknown> = {}
  runInNewContext(readFileSync(join(cdn, 'postern.js'), 'utf8'), Object.assign(scope, { window: scope, self: scope }))
  assert.type((scope.Postern as { createAppKit?: unknown } | undefined)?.createAppKit, 'function')
})

test('each output folder carries the licence notices of what it bundles', () => {
  for (const folder of ['esm', 'cdn']) {
    const notices = readFileSync(join(project, 'node_modules/postern/dist', folder, 'THIRD-PARTY-NOTICES.txt'), 'utf8')
    for (const name of ['preact@', 'valibot@', '@preact/signals-core@']) assert.ok(notices.includes(`\n${name}`), `${folder} notices lack ${name}`)
    assert.match(notices, /Permission is hereby granted/)
  }
  assert.ok(readdirSync(join(project, 'node_modules/postern/dist/cdn')).includes('classic'))
})

test.run()
