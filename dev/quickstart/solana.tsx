/** @jsxImportSource react */
// AppKit's React quick-start with the Solana adapter; only the imports are Postern's (and self-hosted.ts).
import { createRoot } from 'react-dom/client'
import { createAppKit, useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitProvider } from 'postern/react'
import { SolanaAdapter } from 'postern/solana'
import { solana, solanaDevnet, solanaLocal } from 'postern/networks'
import { projectId, selfHosted } from './self-hosted.ts'

// 0. The Solana adapter
const solanaWeb3JsAdapter = new SolanaAdapter()

// 1. Metadata
const metadata = {
  name: 'Postern quick-start',
  description: 'AppKit\'s Solana quick-start on Postern',
  url: location.origin,
  icons: ['https://avatars.githubusercontent.com/u/179229932'],
}

// 2. The modal (solanaLocal is the local stack's ledger)
createAppKit({
  adapters: [solanaWeb3JsAdapter],
  networks: [solanaLocal, solana, solanaDevnet],
  metadata,
  projectId,
  features: { analytics: true },
  ...selfHosted,
})

function Account() {
  const { open } = useAppKit()
  const { address, isConnected } = useAppKitAccount()
  const { caipNetwork } = useAppKitNetwork()
  const { walletProvider } = useAppKitProvider<{ name?: string }>('solana')
  return (
    <section>
      <p><button type="button" onClick={() => open()}>Open</button></p>
      <dl>
        <dt>Connected</dt><dd data-testid="connected">{String(isConnected)}</dd>
        <dt>Address</dt><dd data-testid="address">{address ?? '–'}</dd>
        <dt>Network</dt><dd data-testid="network">{caipNetwork?.name ?? '–'}</dd>
        <dt>Wallet provider</dt><dd data-testid="provider">{walletProvider?.name ?? '–'}</dd>
      </dl>
    </section>
  )
}

createRoot(document.getElementById('app')!).render(
  <>
    <appkit-button />
    <Account />
  </>,
)
