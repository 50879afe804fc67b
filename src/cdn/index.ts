/** What the CDN builds expose: window.Postern for the classic script, exports for postern.mjs. */
export { createAppKit, PosternError } from '../index'
export * as networks from './networks-common'
export { defineNetwork } from '../networks'
export * as adapters from '../adapters/index'
