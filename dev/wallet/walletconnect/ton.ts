import { Address, beginCell, Cell, external, internal, loadStateInit, SendMode, storeMessage, storeStateInit } from '@ton/core'
import { TonClient } from '@ton/ton'
import * as v from 'valibot'
import { demoTonWallet } from '../../ton/keys.ts'
import { signData } from '../../ton/sign-data.ts'
import { ChainRequestError, type ChainHandler } from './chain-handler.ts'

// The TON namespace of the WalletConnect test wallet (ton_sendMessage, ton_signData as AppKit's
// TON connector sends them): a v4R2 wallet contract signing with @ton/core and @ton/crypto, its
// messages sent to a toncenter v2 API (the local ledger's, dev/ton, or a real one).

export const TON_MAINNET = 'ton:-239'

const Amount = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d+$/, 'expected nanotons'))
const TonMessage = v.object({
  address: v.string(),
  amount: Amount,
  payload: v.optional(v.string()),
  stateInit: v.optional(v.string()),
})
const SendMessage = v.object({
  valid_until: v.optional(v.number()),
  from: v.optional(v.string()),
  network: v.optional(v.string()),
  messages: v.pipe(v.array(TonMessage), v.minLength(1, 'expected a message'), v.maxLength(4, 'at most 4 messages')),
})
const SignData = v.intersect([
  v.union([v.object({ type: v.literal('text'), text: v.string() }), v.object({ type: v.literal('binary'), bytes: v.string() })]),
  v.object({ from: v.optional(v.string()) }),
])
// Either the object itself or `[object]` (AppKit's TON connector wraps signData's).
const SendMessageParams = v.union([SendMessage, v.pipe(v.tuple([SendMessage]), v.transform(([x]) => x))])
const SignDataParams = v.union([SignData, v.pipe(v.tuple([SignData]), v.transform(([x]) => x))])

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new ChainRequestError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

/** A TON address, friendly or raw, also as its CAIP-10 account (`ton:-239:UQ…`, as AppKit's examples send `from`). */
function parseAddress(text: string): Address {
  try {
    return Address.parse(text.startsWith('ton:') ? text.split(':').slice(2).join(':') : text)
  } catch {
    throw new ChainRequestError(-32602, `Invalid params: ${text} is not a TON address`)
  }
}

export async function tonHandler({ apiUrl, mnemonic }: { apiUrl: string; mnemonic?: string }): Promise<ChainHandler> {
  const { key, contract } = await demoTonWallet(mnemonic)
  const client = new TonClient({ endpoint: apiUrl })
  const opened = client.open(contract)
  const own = contract.address
  const requireSelf = (from?: string) => {
    if (from && !parseAddress(from).equals(own)) throw new ChainRequestError(4100, 'The requested account has not been authorized by the user.')
  }
  return {
    namespace: 'ton',
    chains: [TON_MAINNET],
    address: own.toString({ bounceable: false, urlSafe: true }),
    methods: ['ton_sendMessage', 'ton_signData'],
    events: [],
    // What TON Connect's dApps read to check the signer (WalletConnect's TON session properties).
    sessionProperties: {
      ton_getPublicKey: key.publicKey.toString('hex'),
      ton_getStateInit: beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64'),
    },
    async answer(method, params, _chainId, peer) {
      if (method === 'ton_signData') {
        const { from, ...payload } = parse(SignDataParams, params)
        requireSelf(from)
        const domain = peer.url ? new URL(peer.url).host : ''
        return signData(key.secretKey, own, domain, payload)
      }
      if (method === 'ton_sendMessage') {
        const request = parse(SendMessageParams, params)
        requireSelf(request.from)
        const now = Math.floor(Date.now() / 1000)
        if (request.valid_until !== undefined && request.valid_until <= now) throw new ChainRequestError(-32602, 'Invalid params: valid_until has passed')
        const seqno = await opened.getSeqno()
        const transfer = contract.createTransfer({
          seqno,
          secretKey: key.secretKey,
          sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
          timeout: request.valid_until ?? now + 60,
          messages: request.messages.map((m) => {
            const to = parseAddress(m.address)
            return internal({
              to,
              value: BigInt(m.amount),
              bounce: Address.isFriendly(m.address) ? Address.parseFriendly(m.address).isBounceable : false,
              body: m.payload ? Cell.fromBase64(m.payload) : undefined,
              init: m.stateInit ? loadStateInit(Cell.fromBase64(m.stateInit).beginParse()) : undefined,
            })
          }),
        })
        const message = external({ to: own, init: seqno === 0 ? contract.init : undefined, body: transfer })
        const boc = beginCell().store(storeMessage(message)).endCell().toBoc()
        await client.sendFile(boc)
        return { boc: boc.toString('base64') }
      }
      throw new ChainRequestError(4200, `Unsupported method ${method}`)
    },
  }
}
