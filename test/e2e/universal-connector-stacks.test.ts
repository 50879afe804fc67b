// postern/universal-connector with Stacks, as AppKit's react-core-universal-connector and
// vue-universal-connector use it: the Node wallet's stacks namespace pairs through the modal's QR
// code; a message signature (SIP-018 prefix) and a signed STX transfer are checked on the dApp's side.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessageSignatureRsv } from '@stacks/encryption'
import { deserializeTransaction, makeUnsignedSTXTokenTransfer, publicKeyToAddress } from '@stacks/transactions'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { pairUniversalConnector } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { stacksHandler } from '../../dev/wallet/walletconnect/stacks.ts'
import { suiHandler } from '../../dev/wallet/walletconnect/sui.ts'

const test = suite('e2e: postern/universal-connector (Sui and Stacks over WalletConnect)')
let e2e: E2E
let wallet: WcWallet
const stacks = stacksHandler()
const sui = suiHandler()

test.before(async () => {
  e2e = await startE2E()
  const { web, relay, config, chains } = e2e.stack
  web.setPage('/t/ucs-site.js', await bundleSite('test/e2e/universal-connector-stacks-site.ts'))
  web.setPage('/t/ucs.html', `<!doctype html><html><head><meta charset="utf-8"><title>ucs</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head><body><script src="/t/ucs-site.js"></script></body></html>`)
  wallet = await createWalletConnectWallet({ relayUrl: relay.url, projectId: config.projectId, rpcUrls: Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])), chains: [sui, stacks] })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

type Win = { connector: any; modal: any; connecting?: Promise<any> }

test('behavior: the session holds the Stacks account; stx_signMessage verifies for its key and only its message; stx_signTransaction signs a transfer from it', async () => {
  const { page, errors } = await e2e.newPage()
  await pairUniversalConnector(page, `${e2e.stack.web.url}/t/ucs.html`, wallet)
  const session = await page.evaluate(async () => {
    const { session } = await (window as unknown as Win).connecting!
    return { namespaces: session.namespaces, sessionProperties: session.sessionProperties }
  })
  assert.equal(Object.keys(session.namespaces).sort(), ['stacks', 'sui'])
  // The example reads the address as the third part of the CAIP-10 account.
  const account = session.namespaces.stacks.accounts[0] as string
  assert.is(account, `stacks:1:${stacks.address}`)
  assert.equal(JSON.parse(session.sessionProperties.stacks_getAddresses).addresses[0].address, stacks.address)
  await dialog(page).waitFor({ state: 'hidden' })

  // The example's "Sign Stacks msg": { message, address } on stacks:1.
  const message = 'Hello Reown AppKit!'
  const signed = await page.evaluate(([m, address]) => (window as unknown as Win).connector.request({ method: 'stx_signMessage', params: { message: m, address } }, 'stacks:1'), [message, account.split(':')[2]]) as { signature: string; publicKey: string }
  assert.is(publicKeyToAddress(signed.publicKey, 'mainnet'), stacks.address, 'the key answered is the account\'s')
  assert.ok(verifyMessageSignatureRsv({ signature: signed.signature, message, publicKey: signed.publicKey }), 'the Stacks signature verifies')
  assert.not.ok(verifyMessageSignatureRsv({ signature: signed.signature, message: 'Hello Reown AppKit?', publicKey: signed.publicKey }), 'and only for its own message')

  // A transfer built by the site (fee and nonce set) comes back signed by the account.
  const unsigned = await makeUnsignedSTXTokenTransfer({ recipient: 'SP3F7GQ48JY59521DZEE6KABHBF4Q33PEYJ823ZXQ', amount: 1_000_000n, fee: 300n, nonce: 4n, publicKey: stacks.publicKey, network: 'mainnet' })
  const answer = await page.evaluate((transaction) => (window as unknown as Win).connector.request({ method: 'stx_signTransaction', params: { transaction } }, 'stacks:1'), unsigned.serialize()) as { transaction: string }
  const tx = deserializeTransaction(answer.transaction)
  tx.verifyOrigin()
  assert.is(tx.signBegin(), unsigned.signBegin(), 'the same transfer, now signed')
  // A transaction of another account is refused.
  const foreign = await makeUnsignedSTXTokenTransfer({ recipient: stacks.address, amount: 1n, fee: 300n, nonce: 0n, publicKey: `02${'11'.repeat(32)}`, network: 'mainnet' })
  const refused = await page.evaluate((transaction) => (window as unknown as Win).connector.request({ method: 'stx_signTransaction', params: { transaction } }, 'stacks:1').then(() => 'signed', (e: Error) => e.message), foreign.serialize())
  assert.match(refused, /not from this account/)
  assert.equal(errors, [])
})

test.run()
