import { register } from 'tsx/esm/api'
import { cacheDir } from './install.mjs'
import { pageScript } from './page-script.mjs'
import { startServer } from './serve.mjs'
import { VARIANTS } from './variants.mjs'
register()
const { launchChromium } = await import('../../test/browser.ts')
const name = process.argv[2] || 'postern'
const server = await startServer(cacheDir())
const browser = await launchChromium()
const context = await browser.newContext()
const page = await context.newPage()
await page.addInitScript(pageScript(VARIANTS[name].view))
await page.goto(`${server.url}/${VARIANTS[name].dir}/dist-${name}/`)
await page.waitForFunction(() => window.__pb.viewAt !== null, null, { timeout: 30_000 })
await page.waitForTimeout(2500)
const r = await page.evaluate(() => ({ view: __pb.viewAt, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, res: performance.getEntriesByType('resource').map((e) => [e.name.replace(location.origin, ''), e.initiatorType, e.startTime.toFixed(0), e.responseEnd.toFixed(0), e.transferSize]) }))
console.log('view', r.view, 'fcp', r.fcp)
for (const x of r.res) console.log(x.join('  '))
await browser.close(); server.close()
