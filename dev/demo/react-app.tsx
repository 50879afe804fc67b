/** @jsxImportSource react */
// The React demo: a site that uses postern/react's hooks with its own React 19.
import { createRoot } from 'react-dom/client'
import { createAppKit, useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitState, useDisconnect } from 'postern/react'
import { eip155 } from 'postern/adapters'
import { mainnet, polygon } from 'postern/networks'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO

createAppKit({
  projectId: config.projectId,
  networks: [mainnet, polygon],
  adapters: [eip155()],
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
})

function App() {
  const { open } = useAppKit()
  const { address, isConnected, status } = useAppKitAccount()
  const { caipNetwork, switchNetwork } = useAppKitNetwork()
  const { open: isOpen } = useAppKitState()
  const { disconnect } = useDisconnect()
  return (
    <section>
      <p>
        <button type="button" onClick={() => open()}>{isConnected ? 'Account' : 'Connect with React'}</button>{' '}
        {isConnected && <button type="button" onClick={() => disconnect()}>Disconnect</button>}{' '}
        <button type="button" onClick={() => switchNetwork(caipNetwork.id === 1 ? polygon : mainnet)}>Switch to {caipNetwork.id === 1 ? 'Polygon' : 'Ethereum'}</button>
      </p>
      <dl>
        <dt>Status</dt><dd data-testid="status">{status}</dd>
        <dt>Address</dt><dd data-testid="address">{address ?? '–'}</dd>
        <dt>Network</dt><dd data-testid="network">{caipNetwork.name}</dd>
        <dt>Modal</dt><dd>{isOpen ? 'open' : 'closed'}</dd>
      </dl>
    </section>
  )
}

createRoot(document.getElementById('app')!).render(<App />)
