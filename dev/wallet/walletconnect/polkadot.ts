import { Keyring } from '@polkadot/keyring'
import { TypeRegistry } from '@polkadot/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import * as v from 'valibot'
import { DEMO_MNEMONIC } from '../../chains/anvil.ts'
import { ChainRequestError, type ChainHandler } from './chain-handler.ts'

// The polkadot namespace of the WalletConnect test wallet (WalletConnect's Polkadot RPC:
// polkadot_signMessage, polkadot_signTransaction): an sr25519 account of @polkadot/keyring, the
// extrinsic payload encoded by @polkadot/types (SCALE) and signed as polkadot.js signs it.

/** Polkadot's relay chain by its genesis hash (CAIP-2). */
export const POLKADOT_MAINNET = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

const SignMessage = v.object({ address: v.string(), message: v.string() })
const SignerPayload = v.looseObject({
  address: v.string(),
  blockHash: v.string(),
  blockNumber: v.string(),
  era: v.string(),
  genesisHash: v.string(),
  method: v.string(),
  nonce: v.string(),
  specVersion: v.string(),
  tip: v.string(),
  transactionVersion: v.string(),
  signedExtensions: v.array(v.string()),
  version: v.number(),
})
const SignTransaction = v.object({ address: v.string(), transactionPayload: SignerPayload })

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new ChainRequestError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

export async function polkadotHandler({ mnemonic = DEMO_MNEMONIC }: { mnemonic?: string } = {}): Promise<ChainHandler> {
  await cryptoWaitReady()
  const pair = new Keyring({ type: 'sr25519', ss58Format: 0 }).addFromUri(mnemonic)
  const requireSelf = (address: string) => {
    if (address !== pair.address) throw new ChainRequestError(4100, 'The requested account has not been authorized by the user.')
  }
  return {
    namespace: 'polkadot',
    chains: [POLKADOT_MAINNET],
    address: pair.address,
    methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
    events: [],
    async answer(method, params) {
      if (method === 'polkadot_signMessage') {
        const { address, message } = parse(SignMessage, params)
        requireSelf(address)
        // As polkadot.js extensions sign raw messages: wrapped in <Bytes>…</Bytes>, never a valid extrinsic.
        return { signature: u8aToHex(pair.sign(u8aWrapBytes(message))) }
      }
      if (method === 'polkadot_signTransaction') {
        const { address, transactionPayload } = parse(SignTransaction, params)
        requireSelf(address)
        const registry = new TypeRegistry()
        registry.setSignedExtensions(transactionPayload.signedExtensions)
        const payload = registry.createType('ExtrinsicPayload', transactionPayload, { version: transactionPayload.version })
        return { id: 0, signature: payload.sign(pair).signature }
      }
      throw new ChainRequestError(4200, `Unsupported method ${method}`)
    },
  }
}
