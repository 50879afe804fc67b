// Builds the postern-server package (packages/server) from server/: the command bundled into
// dist/main.js, its runtime packages left to its own dependencies, and the data files the
// bundle reads beside itself (the fixtures and the database migrations, as server/ lays them out).
// It prints nothing on stdout: `npm pack --json` answers there, after this script's output.
import { cp, mkdir, readdir, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { bundleBin } from './node-bin.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}packages/server/dist`

await rm(out, { recursive: true, force: true })
await bundleBin({ root, entry: 'server/main.ts', outfile: `${out}/main.js`, manifestPath: `${root}packages/server/package.json` })
// server/fixtures.ts and server/db/migrate.ts read these relative to their own module, now dist/main.js.
await mkdir(`${out}/fixtures`, { recursive: true })
for (const file of await readdir(`${root}server/fixtures`)) {
  if (file.endsWith('.json') && file !== 'known-wallets.json') await cp(`${root}server/fixtures/${file}`, `${out}/fixtures/${file}`)
}
await cp(`${root}server/db/migrations`, `${out}/migrations`, { recursive: true })
