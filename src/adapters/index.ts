export { eip155 } from './eip155'
export type { ChainAdapter, Connector, AdapterContext, ConnectResult } from './types'
