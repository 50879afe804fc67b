export { Spinner } from './ListItem'
