// Raw, gzip and brotli sizes of build outputs: shared by build.mjs and the size budget check.
import { readdir, readFile } from 'node:fs/promises'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { join, relative } from 'node:path'

export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
}

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (/\.m?js$/.test(entry.name)) yield path
  }
}

export async function sizes(dist) {
  const rows = []
  for await (const path of walk(dist)) {
    if (path.includes(`${'/'}types${'/'}`)) continue
    rows.push({ file: relative(dist, path), ...compressedSizes(await readFile(path)) })
  }
  return rows.sort((a, b) => a.file.localeCompare(b.file))
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`

export function formatTable(rows) {
  const width = Math.max(...rows.map((r) => r.file.length), 4)
  const line = (a, b, c, d) => `${a.padEnd(width)}  ${b.padStart(12)}  ${c.padStart(12)}  ${d.padStart(12)}`
  return [line('file', 'raw', 'gzip', 'brotli'), ...rows.map((r) => line(r.file, kb(r.raw), kb(r.gzip), kb(r.brotli)))].join('\n')
}
