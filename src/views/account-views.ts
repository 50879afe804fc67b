/** The views for a connected account, in one chunk fetched when the first of them opens. */
export { Account } from './Account'
export { Networks } from './Networks'
export { UnsupportedChain } from './UnsupportedChain'
