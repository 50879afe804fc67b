export { ListItem, Spinner, WalletImage, type ListItemProps } from './base'
