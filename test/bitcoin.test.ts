// postern/bitcoin: AppKit 1.8's @reown/appkit-adapter-bitcoin names; BitcoinAdapter as AppKit's
// (namespace, adapterType, its `api` option for UTXO reads); its WalletConnect provider (AppKit's
// BitcoinWalletConnectConnector) over a session's answers.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as entry from '../src/bitcoin'
import { AddressPurpose, BitcoinAdapter, mapSatsConnectAddressPurpose } from '../src/bitcoin'
import { bitcoin, bitcoinRegtest } from '../src/networks'
import { appkitNames } from './appkit-entries'

const test = suite('postern/bitcoin')

test('behavior: every value AppKit\'s @reown/appkit-adapter-bitcoin exports', () => {
  const { names, missing } = appkitNames('bitcoin', entry)
  assert.ok(names.includes('BitcoinAdapter'))
  assert.equal(missing, [])
  assert.equal([AddressPurpose.Payment, AddressPurpose.Ordinal, AddressPurpose.Stacks], ['payment', 'ordinal', 'stx'])
  assert.equal(['payment', 'ordinals', 'stx', 'other'].map(mapSatsConnectAddressPurpose), ['payment', 'ordinal', 'stx', undefined])
})

test('behavior: BitcoinAdapter is the bip122 adapter; its api.getUTXOs replaces the balance read', async () => {
  const asked: string[] = []
  const adapter = new BitcoinAdapter({
    api: {
      getUTXOs: async ({ network, address }) => {
        asked.push(`${network.caipNetworkId}:${address}`)
        return [{ txid: 'a'.repeat(64), vout: 0, value: 150_000_000, status: { confirmed: true } }, { txid: 'b'.repeat(64), vout: 1, value: 1, status: { confirmed: false } }]
      },
    },
  })
  assert.is(adapter.namespace, 'bip122')
  assert.is(adapter.adapterType, 'bitcoin')
  assert.equal(await adapter.getBalance('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', bitcoin), { balance: '1.50000001', symbol: 'BTC' })
  assert.equal(asked, [`${bitcoin.caipNetworkId}:bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l`])
})

/** A universal provider's bip122 session as a wallet approved it, answering as a wallet would. */
function session(methods: string[], answers: Record<string, unknown>) {
  const sent: { method: string; params: unknown; chain?: string }[] = []
  return {
    sent,
    provider: {
      session: { namespaces: { bip122: { chains: [bitcoinRegtest.caipNetworkId], accounts: [`${bitcoinRegtest.caipNetworkId}:bcrt1qpayment000000000000000000000000000000`], methods } } },
      async request<T>(args: { method: string; params?: unknown }, chain?: string): Promise<T> {
        sent.push({ ...args, params: args.params, chain })
        return answers[args.method] as T
      },
    },
  }
}

test('behavior: over WalletConnect the provider speaks WalletConnect\'s Bitcoin RPC for the modal\'s bip122 network and account', async () => {
  const address = 'bcrt1qpayment000000000000000000000000000000'
  const { provider, sent } = session(['signMessage', 'sendTransfer', 'getAccountAddresses', 'signPsbt'], {
    signMessage: { address, signature: '0a0b', messageHash: '' },
    sendTransfer: { txid: 'c'.repeat(64) },
    getAccountAddresses: [{ address, intention: 'payment' }, { address: 'bcrt1pordinal', intention: 'ordinal' }],
    signPsbt: { psbt: 'cHNidP8=' },
  })
  const state = () => ({ address, network: bitcoinRegtest, networks: [bitcoinRegtest, bitcoin] })
  const adapter = new BitcoinAdapter()
  const connector = adapter.walletConnectProvider(provider, state)
  assert.is(adapter.walletConnectProvider(provider, state), connector, 'one connector per session provider')
  assert.equal([connector.type, connector.chain, connector.chains.map((n) => n.caipNetworkId)], ['WALLET_CONNECT', 'bip122', [bitcoinRegtest.caipNetworkId]])
  assert.is(await connector.signMessage({ message: 'hi', address }), 'Cgs=', 'the hex signature as base64')
  assert.is(await connector.sendTransfer({ recipient: 'bcrt1qto', amount: '1000' }), 'c'.repeat(64))
  assert.equal((await connector.getAccountAddresses()).map((a) => a.purpose), ['payment', 'ordinal'])
  assert.equal(await connector.signPSBT({ psbt: 'cHNidP8=', signInputs: [] }), { psbt: 'cHNidP8=', txid: undefined })
  assert.equal(sent.map((s) => `${s.chain}:${s.method}`), ['signMessage', 'sendTransfer', 'getAccountAddresses', 'signPsbt'].map((m) => `${bitcoinRegtest.caipNetworkId}:${m}`))
  assert.equal(sent[1]!.params, { account: address, recipientAddress: 'bcrt1qto', amount: '1000' })
})

test('protection: a method the session did not approve, or an answer of the wrong shape, is an error and never passed on', async () => {
  const address = 'bcrt1qpayment000000000000000000000000000000'
  const { provider, sent } = session(['signMessage'], { signMessage: { signature: '<script>' } })
  const connector = new BitcoinAdapter().walletConnectProvider(provider, () => ({ address, network: bitcoinRegtest, networks: [bitcoinRegtest] }))
  const failure = (work: () => Promise<unknown>) => work().then(() => undefined, (e: { code?: unknown; message?: string }) => e.code ?? e.message)
  assert.is(await failure(() => connector.sendTransfer({ recipient: 'x', amount: '1' })), 4200)
  assert.equal(sent, [], 'nothing sent for an unapproved method')
  assert.is(await failure(() => connector.signMessage({ message: 'hi', address })), 'INVALID_WALLET_RESPONSE')
})

test.run()
