// A site written as AppKit's vue-ethers and react-ethers examples are, with Postern's imports:
// createAppKit from postern/vue with an EthersAdapter, the composables on the site's own Vue, and
// the buttons wrapping useAppKitProvider('eip155').walletProvider in the site's own ethers v6.
import { createApp, defineComponent, h, ref } from 'vue'
import { BrowserProvider, JsonRpcSigner, formatEther, parseUnits } from 'ethers'
import { createAppKit, useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitProvider, useDisconnect, useWalletInfo } from 'postern/vue'
import { EthersAdapter } from 'postern/ethers'
import { mainnet, polygon } from 'postern/networks'
import type { Provider } from 'postern/ethers'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO
const params = new URLSearchParams(location.search)

const modal = createAppKit({
  adapters: [new EthersAdapter()],
  networks: [mainnet, polygon],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  features: { email: false, socials: false },
})

const App = defineComponent({
  setup() {
    const { open } = useAppKit()
    const { disconnect } = useDisconnect()
    const account = useAppKitAccount()
    const network = useAppKitNetwork()
    const info = useWalletInfo()
    const provider = useAppKitProvider<Provider>('eip155')
    const result = ref('')
    const signer = () => {
      if (!provider.walletProvider || !account.value.address) throw Error('user is disconnected')
      return new JsonRpcSigner(new BrowserProvider(provider.walletProvider, network.value.chainId as number), account.value.address)
    }
    const run = (label: string, action: () => Promise<string>) => () =>
      action().then((value) => (result.value = `${label}: ${value}`), (error: Error) => (result.value = `${label} failed: ${error.message}`))
    const actions: [string, () => Promise<string>][] = [
      ['Sign msg', () => signer().signMessage('Hello Reown AppKit!')],
      ['Send tx', async () => {
        const tx = await signer().sendTransaction({ to: params.get('to')!, value: parseUnits('0.0001', 'gwei') })
        await tx.wait()
        return tx.hash
      }],
      ['Get Balance', async () => `${formatEther(await new BrowserProvider(provider.walletProvider!).getBalance(account.value.address!))} ETH`],
      ['Switch', async () => (await network.value.switchNetwork(polygon), 'done')],
      ['Open', async () => (await open(), 'done')],
      ['Disconnect', async () => (await disconnect(), 'done')],
    ]
    return () => h('div', [
      h('appkit-button'),
      account.value.isConnected ? h('div', actions.map(([label, action]) => h('button', { class: 'action', onClick: run(label, action) }, label))) : null,
      h('pre', { id: 'info' }, [
        `Address: ${account.value.address ?? ''}\n`,
        `Connected: ${account.value.isConnected}\n`,
        `Chain: ${network.value.chainId}\n`,
        `Wallet: ${info.walletInfo?.name ?? ''}\n`,
      ]),
      h('pre', { id: 'result' }, result.value),
    ])
  },
})

createApp(App).mount('#app')
Object.assign(window, { modal })
