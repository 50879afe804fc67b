// AppKit's javascript-solana example (src/main.js, services/wallet.js, utils/suscribers.js) with
// Postern's imports and the local ledger for its networks: the site's own @solana/web3.js 1.x,
// the provider from subscribeProviders, Buffer from the adapter's polyfills.
import { Connection, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createAppKit } from 'postern'
import { SolanaAdapter } from 'postern/solana'
import { solanaDevnet, solanaLocal } from 'postern/networks'

declare const Buffer: { from(bytes: Uint8Array): { toString(encoding: 'hex'): string } }
type Provider = { signMessage(m: Uint8Array): Promise<Uint8Array>; sendTransaction(t: Transaction, c: Connection): Promise<string>; getActiveChain(): { rpcUrls: { default: { http: string[] } } }; requestedChains: { id: string | number; rpcUrls: { default: { http: string[] } } }[] }

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO
const appKit = createAppKit({
  adapters: [new SolanaAdapter()],
  networks: [solanaLocal, solanaDevnet],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  // Devnet answered by the local ledger too, so a switch to it reads a balance offline.
  rpcUrls: { ...config.rpcUrls, [solanaDevnet.caipNetworkId]: config.rpcUrls[solanaLocal.caipNetworkId]! },
  features: { email: false, socials: false },
})

const store = { accountState: {} as { address?: string }, networkState: {} as { chainId?: string | number }, solanaProvider: null as Provider | null, solanaConnection: null as Connection | null }
const show = (id: string, text: string) => ((document.getElementById(id)!.textContent = text), (document.getElementById(id)!.parentElement!.style.display = ''))
const visibility = (connected: boolean) => document.querySelectorAll<HTMLElement>('[data-connected-only]').forEach((b) => (b.style.display = connected ? '' : 'none'))

// utils/suscribers.js
appKit.subscribeProviders((state) => {
  store.solanaProvider = (state as Record<string, Provider>)['solana']!
  const url = (state as Record<string, Provider>)['solana']!.getActiveChain().rpcUrls.default.http[0]!
  store.solanaConnection = new Connection(url)
})
appKit.subscribeAccount((state) => void (store.accountState = state))
appKit.subscribeNetwork((state) => {
  store.networkState = state
  if (store.solanaProvider) {
    const selectedChain = store.solanaProvider.requestedChains.find((chain) => chain.id === state.chainId)!
    store.solanaConnection = new Connection(selectedChain.rpcUrls.default.http[0]!)
  }
  document.getElementById('switch-network')!.textContent = `Switch to ${state?.chainId === solanaLocal.id ? 'Solana Devnet' : 'Solana Localnet'}`
  document.getElementById('networkState')!.textContent = String(state.chainId)
})
appKit.subscribeState(() => visibility(appKit.getIsConnectedState()))
visibility(appKit.getIsConnectedState())

// services/wallet.js
const signMessage = async (provider: Provider) => Buffer.from(await provider.signMessage(new TextEncoder().encode('Hello Reown AppKit!'))).toString('hex')
async function sendTx(provider: Provider, connection: Connection, address: string) {
  const wallet = new PublicKey(address)
  const latestBlockhash = await connection.getLatestBlockhash()
  const transaction = new Transaction({ feePayer: wallet, recentBlockhash: latestBlockhash?.blockhash })
    .add(SystemProgram.transfer({ fromPubkey: wallet, toPubkey: new PublicKey(address), lamports: 1000 }))
  return provider.sendTransaction(transaction, connection)
}
const getBalance = async (connection: Connection, address: string) => `${(await connection.getBalance(new PublicKey(address))) / LAMPORTS_PER_SOL}`

// main.js
const on = (id: string, action: () => unknown) => document.getElementById(id)!.addEventListener('click', () => {
  Promise.resolve().then(action).catch((error: Error) => show('errorState', error.message))
})
on('open-connect-modal', () => appKit.open())
on('disconnect', () => appKit.disconnect())
on('switch-network', () => appKit.switchNetwork(store.networkState?.chainId === solanaLocal.id ? solanaDevnet : solanaLocal))
on('sign-message', async () => show('signatureState', await signMessage(store.solanaProvider!)))
on('send-tx', async () => show('txState', JSON.stringify(await sendTx(store.solanaProvider!, store.solanaConnection!, store.accountState.address!))))
on('get-balance', async () => show('balanceState', `${await getBalance(store.solanaConnection!, store.accountState.address!)} SOL`))
Object.assign(window, { appKit })
