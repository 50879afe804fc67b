// postern/ethers5 with postern/react in Chromium: a page built as AppKit's react-ethers5 example
// (the hooks on the site's React 19, Ethers5Adapter, the site's ethers v5), the injected test
// wallet, the local chains. Its buttons sign, send, read the balance and switch network through
// `new providers.Web3Provider(useAppKitProvider('eip155').walletProvider)`.
import { utils } from 'ethers5'
import { ethersSiteSuite } from './ethers-suite.ts'

ethersSiteSuite({ title: 'postern/ethers5 with postern/react', entry: 'test/e2e/ethers5-react-site.tsx', verifyMessage: utils.verifyMessage, formatEther: (wei) => utils.formatEther(wei) }).run()
