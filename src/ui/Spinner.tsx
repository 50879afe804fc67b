export { Spinner } from './base'
