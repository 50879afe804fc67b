import { register } from 'node:module'

register('./compat-alias.mjs', import.meta.url)
const { createElement, render } = await import('preact/compat')
const { act } = await import('preact/test-utils')
const hooks = await import('../../src/react')
const { hooksSuite } = await import('./hooks-suite')
const { moreHooksSuite } = await import('./hooks-more-suite')

const host: import('./hooks-suite').Host = {
  name: 'preact/compat',
  createElement: createElement as never,
  async mount(element, container) {
    act(() => void render(element as never, container))
    return () => render(null, container)
  },
  act: async (fn) => {
    await act(async () => void (await fn()))
  },
}
hooksSuite(host, hooks).run()
moreHooksSuite(host, hooks).run()
