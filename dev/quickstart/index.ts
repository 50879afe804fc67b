// AppKit's three quick-starts (JavaScript with wagmi, React with wagmi, React with Solana), with
// Postern's imports, served by the demo's static server under /quickstart/.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { StaticServer } from '../static/server.ts'
import { bundleSite } from './bundle.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
export const QUICKSTARTS = ['vanilla', 'react-wagmi', 'solana'] as const
const SOURCES: Record<(typeof QUICKSTARTS)[number], string> = { vanilla: 'vanilla.js', 'react-wagmi': 'react-wagmi.tsx', solana: 'solana.tsx' }

/** Bundles the three pages' code (in parallel) and serves /quickstart/<name>.html and .js. */
export async function serveQuickstarts(web: StaticServer): Promise<void> {
  await Promise.all(QUICKSTARTS.map(async (name) => {
    const [html, js] = await Promise.all([readFile(`${here}${name}.html`, 'utf8'), bundleSite(`dev/quickstart/${SOURCES[name]}`)])
    web.setPage(`/quickstart/${name}.html`, html)
    web.setPage(`/quickstart/${name}.js`, js)
  }))
}
