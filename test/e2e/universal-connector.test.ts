// postern/universal-connector as AppKit's universal-connector examples use it: a Node wallet
// serving TON, Sui, polkadot and cosmos pairs through the modal's QR code over the local relay;
// each signature is checked here, on the dApp's side, and a TON and a Sui transfer land on the local ledgers.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Address, toNano, WalletContractV4 } from '@ton/ton'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { signatureVerify } from '@polkadot/util-crypto'
import { u8aWrapBytes } from '@polkadot/util'
import { makeSignBytes } from '@cosmjs/proto-signing'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { pairUniversalConnector } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { tonHandler } from '../../dev/wallet/walletconnect/ton.ts'
import { suiHandler } from '../../dev/wallet/walletconnect/sui.ts'
import { polkadotHandler } from '../../dev/wallet/walletconnect/polkadot.ts'
import { cosmosHandler } from '../../dev/wallet/walletconnect/cosmos.ts'
import { verifySignData, type SignDataResult } from '../../dev/ton/sign-data.ts'

const test = suite('e2e: postern/universal-connector (TON, Sui, polkadot, cosmos over WalletConnect)')
let e2e: E2E
let wallet: WcWallet
const addresses: Record<string, string> = {}

test.before(async () => {
  e2e = await startE2E()
  const { web, relay, config, chains, ton } = e2e.stack
  assert.ok(ton, 'the stack runs the local TON ledger')
  web.setPage('/t/uc-site.js', await bundleSite('test/e2e/universal-connector-site.ts'))
  web.setPage('/t/uc.html', `<!doctype html><html><head><meta charset="utf-8"><title>uc</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head><body><script src="/t/uc-site.js"></script></body></html>`)
  assert.ok(e2e.stack.sui, 'the stack runs the local Sui node')
  const handlers = [await tonHandler({ apiUrl: ton.url }), suiHandler({ rpcUrls: { [e2e.stack.sui.caipNetworkId]: e2e.stack.sui.url } }), await polkadotHandler(), await cosmosHandler()]
  for (const h of handlers) addresses[h.namespace] = h.address
  wallet = await createWalletConnectWallet({ relayUrl: relay.url, projectId: config.projectId, rpcUrls: Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])), chains: handlers })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

type Win = { connector: any; modal: any; connecting?: Promise<any> }

test('behavior: connect() shows the QR code; the session covers each namespace; every signature verifies; a TON transfer lands; reload restores; disconnect ends it', async () => {
  const { page, errors } = await e2e.newPage()
  await pairUniversalConnector(page, `${e2e.stack.web.url}/t/uc.html`, wallet)
  const session = await page.evaluate(async () => {
    const { session } = await (window as unknown as Win).connecting!
    return { namespaces: session.namespaces, sessionProperties: session.sessionProperties, topic: session.topic as string }
  })
  assert.equal(Object.keys(session.namespaces).sort(), ['cosmos', 'polkadot', 'sui', 'ton'])
  assert.ok(wallet.sessions().includes(session.topic))
  await dialog(page).waitFor({ state: 'hidden' })
  // The modal's state took the session up, each namespace on the site's own network.
  assert.is(await page.evaluate(() => (window as unknown as Win).modal.getCaipAddress('ton')), `ton:-239:${addresses.ton}`)
  assert.is(await page.evaluate(() => (window as unknown as Win).modal.getCaipAddress('sui')), `sui:mainnet:${addresses.sui}`)

  // TON: signData checks against the public key the session announced, whose wallet is the account's.
  const publicKey = Buffer.from(session.sessionProperties.ton_getPublicKey, 'hex')
  assert.ok(WalletContractV4.create({ workchain: 0, publicKey }).address.equals(Address.parse(addresses.ton!)), 'the announced key owns the account')
  const signed = await page.evaluate((from) => (window as unknown as Win).connector.request({ method: 'ton_signData', params: { type: 'text', text: 'Hello Reown AppKit!', from } }, 'ton:-239'), `ton:-239:${addresses.ton}`) as SignDataResult
  assert.is(signed.payload.type, 'text')
  assert.is(signed.domain, new URL(e2e.stack.web.url).host)
  assert.ok(await verifySignData(publicKey, signed), 'the TON signature verifies')
  assert.not.ok(await verifySignData(publicKey, { ...signed, payload: { type: 'text', text: 'Hello Reown AppKit?' } }), 'and only for its own text')

  // TON: ton_sendMessage is executed on the local ledger.
  const recipient = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32, 7) }).address
  const before = await e2e.stack.ton!.balance(recipient)
  const sent = await page.evaluate(([to, amount]) => (window as unknown as Win).connector.request({
    method: 'ton_sendMessage', params: { valid_until: Math.floor(Date.now() / 1000) + 60, messages: [{ address: to, amount }] },
  }, 'ton:-239'), [recipient.toString({ bounceable: false }), toNano('1.5').toString()])
  assert.type((sent as { boc: string }).boc, 'string')
  assert.is(await e2e.stack.ton!.balance(recipient) - before, toNano('1.5'))

  // Sui: a personal message whose signature names the account.
  const suiSigned = await page.evaluate((address) => (window as unknown as Win).connector.request({ method: 'sui_signPersonalMessage', params: { address, message: 'Hello from AppKit SUI!' } }, 'sui:mainnet'), addresses.sui) as { signature: string }
  const suiKey = await verifyPersonalMessageSignature(new TextEncoder().encode('Hello from AppKit SUI!'), suiSigned.signature, { address: addresses.sui })
  assert.is(suiKey.toSuiAddress(), addresses.sui)

  // Sui: sui_signAndExecuteTransaction on the local node; the digest is the node's and SUI reaches the recipient.
  const sui = e2e.stack.sui!
  const recipientSui = new Ed25519Keypair().toSuiAddress()
  const transfer = new Transaction()
  transfer.setSender(addresses.sui!)
  transfer.transferObjects([transfer.splitCoins(transfer.gas, [1_500_000_000n])[0]!], recipientSui)
  const executed = await page.evaluate(([transaction, address]) => (window as unknown as Win).connector.request({ method: 'sui_signAndExecuteTransaction', params: { transaction, address } }, 'sui:localnet'), [await transfer.toJSON(), addresses.sui!] as const) as { digest: string }
  assert.is(sui.ledger.balance(recipientSui), 1_500_000_000n)
  assert.is((sui.ledger.transactions.get(executed.digest)?.effects['status'] as { status: string }).status, 'success')

  // polkadot: the wrapped message verifies for the sr25519 account.
  const dot = await page.evaluate((address) => (window as unknown as Win).connector.request({ method: 'polkadot_signMessage', params: { address, message: 'Hello polkadot' } }, 'polkadot:91b171bb158e2d3848fa23a9f1c25182'), addresses.polkadot) as { signature: string }
  assert.ok(signatureVerify(u8aWrapBytes('Hello polkadot'), dot.signature, addresses.polkadot!).isValid, 'the polkadot signature verifies')

  // cosmos: signDirect over a sign doc verifies against the key cosmos_getAccounts gives.
  const [account] = await page.evaluate(() => (window as unknown as Win).connector.request({ method: 'cosmos_getAccounts', params: {} }, 'cosmos:cosmoshub-4')) as { address: string; pubkey: string }[]
  assert.is(account!.address, addresses.cosmos)
  const signDoc = { chainId: 'cosmoshub-4', accountNumber: '7', authInfoBytes: toBase64(new Uint8Array([10, 2, 8, 1])), bodyBytes: toBase64(new TextEncoder().encode('body')) }
  const atom = await page.evaluate(([signerAddress, doc]) => (window as unknown as Win).connector.request({ method: 'cosmos_signDirect', params: { signerAddress, signDoc: doc } }, 'cosmos:cosmoshub-4'), [addresses.cosmos, signDoc] as const) as { signature: { signature: string } }
  const bytes = makeSignBytes({ chainId: signDoc.chainId, accountNumber: 7n, authInfoBytes: fromBase64(signDoc.authInfoBytes), bodyBytes: fromBase64(signDoc.bodyBytes) })
  assert.ok(await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(atom.signature.signature)), sha256(bytes), fromBase64(account!.pubkey)), 'the cosmos signature verifies')

  // A reload brings the session back: the provider's and the modal's.
  await page.reload()
  await page.waitForFunction(() => !!(window as unknown as Win).connector?.provider.session, undefined, { timeout: 20_000 })
  await page.waitForFunction((caip) => (window as unknown as Win).modal.getCaipAddress('ton') === caip, `ton:-239:${addresses.ton}`)

  // disconnect() ends the session on both sides.
  await page.evaluate(() => (window as unknown as Win).connector.disconnect())
  assert.is(await page.evaluate(() => (window as unknown as Win).connector.provider.session ?? null), null)
  assert.is(await page.evaluate(() => (window as unknown as Win).modal.getIsConnected()), false)
  const deadline = Date.now() + 60_000
  while (wallet.sessions().includes(session.topic) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  assert.not.ok(wallet.sessions().includes(session.topic), 'the wallet saw the session end')
  assert.equal(errors, [])
})

test.run()
