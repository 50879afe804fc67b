// postern/ethers with postern/vue in Chromium: a page built as AppKit's vue-ethers example (the
// composables on the site's Vue, EthersAdapter, the site's ethers v6), the injected test wallet,
// the local chains. Its buttons sign, send, read the balance and switch network through
// `new BrowserProvider(useAppKitProvider('eip155').walletProvider)`.
import { formatEther, verifyMessage } from 'ethers'
import { ethersSiteSuite } from './ethers-suite.ts'

ethersSiteSuite({ title: 'postern/ethers with postern/vue', entry: 'test/e2e/ethers-vue-site.ts', verifyMessage, formatEther }).run()
