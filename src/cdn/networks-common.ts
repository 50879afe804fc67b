// The networks the classic script carries in Postern.networks: the ones most sites use. The
// other networks of postern/networks (viem's hundreds of chains, Bitcoin, TON, TRON) come with
// dist/cdn/networks.js, which adds them all to Postern.networks (networks-all.ts).
export {
  mainnet, polygon, optimism, solana, solanaDevnet, solanaLocal,
} from '../networks'
