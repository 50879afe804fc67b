// Preloaded for unit tests: a browser-like global scope from happy-dom.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost:3000/', width: 1280, height: 800 })
;(globalThis as { __DEV__?: boolean }).__DEV__ = true
