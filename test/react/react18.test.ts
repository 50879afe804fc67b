import { register } from 'node:module'

// The hooks and components under a real React 18.3 (react-dom/client's createRoot, React's act).
register('./react18-alias.mjs', import.meta.url)
const React = await import('react')
const { createRoot } = await import('react-dom/client')
const hooks = await import('../../src/react')
const { hooksSuite } = await import('./hooks-suite')
const { moreHooksSuite } = await import('./hooks-more-suite')
const { suite } = await import('uvu')
const assert = await import('uvu/assert')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const check = suite('React 18 host')
check('the hooks run on React 18.3, not the project\'s React 19', () => {
  assert.is(React.version, '18.3.1')
})
check.run()

const host: import('./hooks-suite').Host = {
  name: 'React 18',
  createElement: React.createElement as never,
  async mount(element, container) {
    const root = createRoot(container)
    await React.act(async () => root.render(element as never))
    return () => React.act(() => root.unmount())
  },
  act: (fn) => React.act(async () => void (await fn())),
}
hooksSuite(host, hooks).run()
moreHooksSuite(host, hooks).run()
