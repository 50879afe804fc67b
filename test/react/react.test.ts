import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { act } from 'react'
import * as hooks from '../../src/react'
import { hooksSuite, type Host } from './hooks-suite'
import { moreHooksSuite } from './hooks-more-suite'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const host: Host = {
  name: 'React 19',
  createElement: createElement as never,
  async mount(element, container) {
    const root = createRoot(container)
    await act(async () => root.render(element as never))
    return () => act(() => root.unmount())
  },
  act: (fn) => act(async () => void (await fn())),
}
hooksSuite(host, hooks).run()
moreHooksSuite(host, hooks).run()
