export {
  createWalletConnectWallet,
  stopSignClient,
  type WcPolicy,
  type WcProposal,
  type WcWallet,
  type WcWalletOptions,
  type WcWalletRequest,
} from './wallet.ts'
