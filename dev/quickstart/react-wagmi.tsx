/** @jsxImportSource react */
// AppKit's React quick-start with wagmi; only the imports are Postern's (and self-hosted.ts).
import { createRoot } from 'react-dom/client'
import type { ReactNode } from 'react'
import { createAppKit, useAppKit } from 'postern/react'
import { WagmiAdapter } from 'postern/wagmi'
import { mainnet, polygon } from 'postern/networks'
import { WagmiProvider, useAccount, useBalance, useSendTransaction, useSwitchChain } from 'wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { projectId, selfHosted, customRpcUrls } from './self-hosted.ts'

// 0. The query client
const queryClient = new QueryClient()

// 1. Metadata
const metadata = {
  name: 'Postern quick-start',
  description: 'AppKit\'s React quick-start on Postern',
  url: location.origin,
  icons: ['https://avatars.githubusercontent.com/u/179229932'],
}

// 2. The networks
const networks = [mainnet, polygon]

// 3. The Wagmi adapter
const wagmiAdapter = new WagmiAdapter({ networks, projectId, ssr: true, customRpcUrls })

// 4. The modal
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata,
  features: { analytics: true },
  ...selfHosted,
})

export function AppKitProvider({ children }: { children: ReactNode }) {
  return (
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
}

/** wagmi's own hooks, reading the connection made in the modal. */
function Account() {
  const { open } = useAppKit()
  const { address, chainId, status } = useAccount()
  const { data: balance } = useBalance({ address })
  const { sendTransaction, data: hash } = useSendTransaction()
  const { switchChain } = useSwitchChain()
  return (
    <section>
      <p>
        <button type="button" onClick={() => open()}>Open</button>{' '}
        {address && <button type="button" onClick={() => sendTransaction({ to: address, value: 1n })}>Send 1 wei to myself</button>}{' '}
        {address && <button type="button" onClick={() => switchChain({ chainId: chainId === 1 ? 137 : 1 })}>Switch chain</button>}
      </p>
      <dl>
        <dt>wagmi status</dt><dd data-testid="status">{status}</dd>
        <dt>Address</dt><dd data-testid="address">{address ?? '–'}</dd>
        <dt>Chain</dt><dd data-testid="chain">{chainId ?? '–'}</dd>
        <dt>Balance</dt><dd data-testid="balance">{balance ? `${balance.value} wei ${balance.symbol}` : '–'}</dd>
        <dt>Last transaction</dt><dd data-testid="hash">{hash ?? '–'}</dd>
      </dl>
    </section>
  )
}

createRoot(document.getElementById('app')!).render(
  <AppKitProvider>
    <appkit-button />
    <Account />
  </AppKitProvider>,
)

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': Record<string, unknown>
    }
  }
}
