// dist/cdn/networks.js: a classic script that adds every network of postern/networks to
// Postern.networks, before or after postern.js (classic.ts merges what arrived first).
import * as all from '../networks'

const scope = globalThis as { Postern?: { networks: Record<string, unknown> }; __postern_networks?: Record<string, unknown> }
const networks = Object.fromEntries(Object.entries(all).filter(([, value]) => typeof value === 'object' && value && 'caipNetworkId' in value))
if (scope.Postern) Object.assign(scope.Postern.networks, networks)
else scope.__postern_networks = networks
