// postern/solana/react: AppKit 1.8's @reown/appkit-adapter-solana/react under its names: the
// adapter and its types, and useAppKitConnection (the site's React; web3.js in a lazy chunk).
export * from './solana-adapter'
export { useAppKitConnection } from './react/solana-connection'
export type { Connection } from '@solana/web3.js'
