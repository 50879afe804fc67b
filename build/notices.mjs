// The licence notices of the code each build bundles: one THIRD-PARTY-NOTICES.txt per output
// folder (dist/esm, dist/cdn, dist/secure), beside the bundles rather than inside them, so no
// file a page loads grows. Packages are found from the builds' metafiles (and the inputs of
// vendors bundled ahead, which a metafile only names as one module).
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** The package folder (node_modules/name or node_modules/@scope/name, innermost) an input path lies in. */
export function packageDirOf(input) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.replace(/\\/g, '/'))
  return match?.[1]
}

async function noticeOf(dir) {
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const licenceFile = (await readdir(dir)).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name))
  const text = licenceFile ? (await readFile(join(dir, licenceFile), 'utf8')).trim() : `Licence: ${manifest.license ?? 'see the package'} (the package ships no licence file)`
  return { id: `${manifest.name}@${manifest.version}`, license: manifest.license ?? '', text }
}

/** The notices text for these input paths (as esbuild names them, relative to root), one section per package, sorted by name. */
export async function noticesFor(root, inputs) {
  const dirs = new Set()
  for (const input of inputs) {
    const dir = packageDirOf(resolve(root, input.replace(/^[a-z-]+:/, '')))
    if (dir && existsSync(join(dir, 'package.json'))) dirs.add(dir)
  }
  const notices = new Map()
  for (const dir of dirs) {
    const notice = await noticeOf(dir)
    notices.set(notice.id, notice)
  }
  const sections = [...notices.values()].sort((a, b) => a.id.localeCompare(b.id)).map((n) => `${'='.repeat(72)}\n${n.id}${n.license ? ` (${n.license})` : ''}\n${'='.repeat(72)}\n\n${n.text}\n`)
  return `Postern bundles code from the packages below; their licence notices follow.\n\n${sections.join('\n')}`
}

/**
 * Writes `<folder>/THIRD-PARTY-NOTICES.txt` for each output folder. `builds` maps a folder (under
 * dist) to the metafiles of the builds that write there; `extraInputs` are prebundled vendors' inputs.
 */
export async function writeNotices(root, dist, builds, extraInputs = []) {
  for (const [folder, metafiles] of Object.entries(builds)) {
    const inputs = metafiles.flatMap((m) => Object.keys(m.inputs))
    // A prebundled vendor's inputs count where that vendor's module is bundled.
    const prebundled = inputs.some((i) => i.startsWith('prebundled:')) ? extraInputs : []
    await writeFile(join(dist, folder, 'THIRD-PARTY-NOTICES.txt'), await noticesFor(root, [...inputs, ...prebundled]))
  }
}
