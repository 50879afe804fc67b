// Stylesheets live in TypeScript template strings (src/**/styles.ts) so that tests can import
// them; this plugin minifies the CSS inside those strings at build time.
import * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'

export function minifyCssStrings() {
  return {
    name: 'minify-css-strings',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*styles\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8')
        let contents = source
        for (const [whole, css] of source.matchAll(/`([^`$]*)`/g)) {
          const { code } = await esbuild.transform(css, { loader: 'css', minify: true })
          contents = contents.replace(whole, JSON.stringify(code.trim()))
        }
        return { contents, loader: 'ts' }
      })
    },
  }
}
