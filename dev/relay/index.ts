export { startRelay, type Relay, type RelayOptions, type RelayStats } from './server.ts'
