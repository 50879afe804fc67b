// AppKit's react-tron example (config/index.tsx, ActionButtonList.tsx) without React, with
// Postern's imports and the local TRON node: TronAdapter over TronLink's own wallet adapter,
// Sign msg and Send tx through the provider, Get Balance through the modal's account state.
import { TronLinkAdapter } from '@tronweb3/tronwallet-adapter-tronlink'
import { createAppKit } from 'postern'
import { TronAdapter, type TronConnector } from 'postern/tron'
import { tronLocal, tronShastaTestnet } from 'postern/networks'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO
const tronAdapter = new TronAdapter({
  walletAdapters: [new TronLinkAdapter({ openUrlWhenWalletNotFound: false, checkTimeout: 3000 })],
})
const appKit = createAppKit({
  adapters: [tronAdapter],
  networks: [tronLocal, tronShastaTestnet],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  features: { email: false, socials: false },
})

const show = (id: string, text: string) => void (document.getElementById(id)!.textContent = text)
const provider = () => {
  const p = appKit.getProvider<TronConnector>('tron')
  const address = appKit.getAddress()
  if (!p || !address) throw new Error('user is disconnected')
  return { p, address }
}
const on = (id: string, action: () => Promise<string>) => document.getElementById(id)!.addEventListener('click', () => {
  action().then((text) => show(id.replace('-button', ''), text), (error: Error) => show('error', error.message))
})
on('sign-button', async () => {
  const { p, address } = provider()
  return p.signMessage({ message: 'Hello Reown AppKit!', from: address })
})
on('send-button', async () => {
  const { p, address } = provider()
  const to = document.body.dataset['receiver']!
  return p.sendTransaction({ from: address, to, value: '1000' })
})
Object.assign(window, { appKit })
