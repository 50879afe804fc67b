// One esbuild setting for every product (bundle, ESM, code splitting, minify, es2020), as a site
// would ship it: <appDir>/<entry> → <appDir>/dist-<variant>/ with an index.html that loads it.
import * as esbuild from 'esbuild'
import { rmSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'

// Every page is laid out for the device's width, as a site made for phones is (the phone profile
// emulates a mobile viewport; without this tag it would lay the page out 980 px wide).
export const VIEWPORT_META = '<meta name="viewport" content="width=device-width, initial-scale=1">'

export async function bundle(appDir, entry, variant) {
  const outdir = resolve(appDir, `dist-${variant}`)
  rmSync(outdir, { recursive: true, force: true })
  const result = await esbuild.build({
    absWorkingDir: resolve(appDir),
    entryPoints: { entry: resolve(appDir, entry) },
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    platform: 'browser',
    target: 'es2020',
    outdir,
    metafile: true,
    // React & co. pick their production builds, as with any bundler.
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    loader: Object.fromEntries(['.png', '.jpg', '.svg', '.woff', '.woff2', '.ttf', '.gif', '.webp'].map((e) => [e, 'file'])),
    logLevel: 'error',
  })
  const css = Object.keys(result.metafile.outputs).filter((k) => basename(k) === 'entry.css')
  writeFileSync(join(outdir, 'index.html'), `<!doctype html>
<html><head><meta charset="utf-8">${VIEWPORT_META}<title>${variant}</title>
${css.map(() => '<link rel="stylesheet" href="./entry.css">').join('\n')}
</head><body><div id="root"></div>
<script type="module" src="./entry.js"></script>
</body></html>
`)
  return outdir
}
