// postern/ethers and postern/ethers5: AppKit's adapter classes under their names, connecting an
// EIP-6963 wallet; the provider useAppKitProvider('eip155') gives is what the site's own ethers
// wraps: ethers v6's BrowserProvider and v5's providers.Web3Provider sign through it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BrowserProvider, verifyMessage } from 'ethers'
import { providers as providers5, utils as utils5 } from 'ethers5'
import { privateKeyToAccount } from 'viem/accounts'
import { kitWith, resetDom, waitFor } from '../render'
import { EthersAdapter } from '../../src/ethers'
import { Ethers5Adapter } from '../../src/ethers5'
import * as ethersEntry from '../../src/ethers'
import * as ethers5Entry from '../../src/ethers5'
import appkit from '../../build/appkit-api.json' with { type: 'json' }

// anvil's first demo key: a real key, so the signatures are real.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const RDNS = 'dev.postern.unit'

/** A minimal EIP-6963 wallet: accounts, chain, personal_sign with the key above. */
function announceWallet() {
  const calls: string[] = []
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      calls.push(method)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address]
      if (method === 'eth_chainId') return '0x1'
      if (method === 'net_version') return '1'
      if (method === 'personal_sign') return account.signMessage({ message: { raw: params![0] as `0x${string}` } })
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), name: 'Unit Wallet', icon: 'data:,u', rdns: RDNS }, provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return { provider, calls, stop: () => window.removeEventListener('eip6963:requestProvider', announce) }
}

async function connected(adapter: EthersAdapter | Ethers5Adapter) {
  const wallet = announceWallet()
  const kit = kitWith({ adapters: [adapter] })
  await kit.ready()
  const connector = await waitFor(() => kit.store.connection.connectors.peek().find((c) => c.id === RDNS), 'the announced wallet listed')
  const runtime = await import('../../src/signals/runtime')
  await runtime.connectWallet(kit.store, connector)
  return { kit, wallet }
}

const test = suite('postern/ethers, postern/ethers5')
test.before.each(resetDom)

test('default: AppKit\'s constructors and names', () => {
  const v6 = new EthersAdapter()
  const v5 = new Ethers5Adapter()
  assert.equal([v6.namespace, v6.adapterType, v5.namespace, v5.adapterType], ['eip155', 'ethers', 'eip155', 'ethers5'])
  for (const name of appkit.ethers.ethers) assert.type((ethersEntry as Record<string, unknown>)[name], 'function', name)
  for (const name of appkit.ethers.ethers5) assert.type((ethers5Entry as Record<string, unknown>)[name], 'function', name)
})

test('behavior: EthersAdapter connects an EIP-6963 wallet; ethers v6 BrowserProvider over walletProvider signs with it', async () => {
  const { kit, wallet } = await connected(new EthersAdapter())
  assert.is(kit.getAddress(), account.address)
  assert.is(kit.getCaipAddress(), `eip155:1:${account.address}`)
  const walletProvider = kit.getProvider<typeof wallet.provider>('eip155')
  assert.is(walletProvider, wallet.provider, 'the wallet\'s own EIP-1193 provider')
  const signer = await new BrowserProvider(walletProvider!).getSigner()
  assert.is(await signer.getAddress(), account.address)
  const signature = await signer.signMessage('Hello Reown AppKit!')
  assert.is(verifyMessage('Hello Reown AppKit!', signature), account.address)
  assert.ok(wallet.calls.includes('personal_sign'))
  wallet.stop()
})

test('behavior: Ethers5Adapter connects the same way; ethers v5 providers.Web3Provider over walletProvider signs with it', async () => {
  const { kit, wallet } = await connected(new Ethers5Adapter())
  const walletProvider = kit.getWalletProvider()
  assert.is(walletProvider, wallet.provider)
  const signer = new providers5.Web3Provider(walletProvider as providers5.ExternalProvider).getSigner()
  assert.is(await signer.getAddress(), account.address)
  const signature = await signer.signMessage('Hello Reown AppKit!')
  assert.is(utils5.verifyMessage('Hello Reown AppKit!', signature), account.address)
  await kit.disconnect()
  assert.is(kit.getWalletProvider(), undefined, 'no provider once disconnected')
  wallet.stop()
})

test.run()
