// The e2e pages bundle their sites as the quick-starts do: Postern from source, wagmi from node_modules.
export { bundleSite } from '../../dev/quickstart/bundle.ts'
