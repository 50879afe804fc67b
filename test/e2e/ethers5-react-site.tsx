/** @jsxImportSource react */
// A site written as AppKit's react-ethers5 and react-ethers examples are, with Postern's imports:
// createAppKit from postern/react with an Ethers5Adapter, the hooks on the site's own React, and
// the buttons wrapping useAppKitProvider('eip155').walletProvider in the site's own ethers v5.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { providers, utils } from 'ethers5'
import { createAppKit, useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitProvider, useDisconnect, useWalletInfo } from 'postern/react'
import { Ethers5Adapter, type Provider } from 'postern/ethers5'
import { mainnet, polygon } from 'postern/networks'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO
const params = new URLSearchParams(location.search)

const modal = createAppKit({
  adapters: [new Ethers5Adapter()],
  networks: [mainnet, polygon],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  features: { email: false, socials: false },
})

function App() {
  const { open } = useAppKit()
  const { disconnect } = useDisconnect()
  const { address, isConnected } = useAppKitAccount()
  const { chainId, switchNetwork } = useAppKitNetwork()
  const { walletInfo } = useWalletInfo()
  const { walletProvider } = useAppKitProvider<Provider>('eip155')
  const [result, setResult] = useState('')
  const web3 = () => {
    if (!walletProvider || !address) throw Error('user is disconnected')
    return new providers.Web3Provider(walletProvider, Number(chainId))
  }
  const run = (label: string, action: () => Promise<string>) => () =>
    Promise.resolve().then(action).then((value) => setResult(`${label}: ${value}`), (error: Error) => setResult(`${label} failed: ${error.message}`))
  const actions: [string, () => Promise<string>][] = [
    ['Sign msg', () => web3().getSigner().signMessage('Hello Reown AppKit!')],
    ['Send tx', async () => {
      const tx = await web3().getSigner().sendTransaction({ to: params.get('to')!, value: utils.parseUnits('0.0001', 'gwei') })
      await tx.wait()
      return tx.hash
    }],
    ['Get Balance', async () => `${utils.formatEther(await web3().getBalance(address!))} ETH`],
    ['Switch', async () => (await switchNetwork(polygon), 'done')],
    ['Open', async () => (await open(), 'done')],
    ['Disconnect', async () => (await disconnect(), 'done')],
  ]
  return (
    <div>
      <appkit-button />
      {isConnected ? <div>{actions.map(([label, action]) => <button key={label} className="action" onClick={run(label, action)}>{label}</button>)}</div> : null}
      <pre id="info">{`Address: ${address ?? ''}\nConnected: ${isConnected}\nChain: ${chainId}\nWallet: ${walletInfo?.name ?? ''}\n`}</pre>
      <pre id="result">{result}</pre>
    </div>
  )
}

createRoot(document.getElementById('app')!).render(<App />)
Object.assign(window, { modal })
