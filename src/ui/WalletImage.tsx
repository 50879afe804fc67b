export { WalletImage } from './base'
