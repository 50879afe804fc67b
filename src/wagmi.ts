// postern/wagmi: AppKit 1.8's @reown/appkit-adapter-wagmi under its name. wagmi and @wagmi/core
// are the site's own (peer dependencies); nothing here is in the loader.
export { WagmiAdapter } from './wagmi/adapter'
export type { WagmiAdapterConfig, CustomRpcUrlMap } from './wagmi/adapter'
export { authConnector } from './wagmi/auth'
export type { AuthParameters } from './wagmi/auth'
