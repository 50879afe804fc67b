export { WalletImage } from './ListItem'
