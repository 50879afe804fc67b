// AppKit's useAppKitConnection gives the site a @solana/web3.js Connection to the selected Solana
// network's RPC. web3.js is large: it arrives in this chunk only when a site asks for a connection.
import { Connection, type Commitment, type ConnectionConfig } from '@solana/web3.js'

export const createConnection = (url: string, settings: Commitment | ConnectionConfig): Connection => new Connection(url, settings)
