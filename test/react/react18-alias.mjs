// Module hook: inside this test process, `react` and `react-dom` are React 18.3 (installed beside
// the project's React 19 by the test/react18-host package), as on a site still on React 18.
const host = new URL('../react18-host/package.json', import.meta.url).href
export async function resolve(specifier, context, next) {
  if (/^react(-dom)?(\/.*)?$/.test(specifier)) return next(specifier, { ...context, parentURL: host })
  return next(specifier, context)
}
