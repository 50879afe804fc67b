import * as v from 'valibot'
import { createWalletClient, defineChain, hexToBigInt, http, isAddressEqual, isHex, type HDAccount, type WalletClient } from 'viem'
import {
  AddChainParams,
  Address,
  EthSignParams,
  PersonalSignParams,
  SendTransactionParams,
  SignTypedDataParams,
  SwitchChainParams,
  TypedData,
  type TransactionRequest,
} from './schemas.ts'

/** An EIP-1193 style error the wallet answers with (4001 rejected, 4100 unauthorized, 4200 unsupported, 4902 unknown chain). */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface WalletRpcContext {
  account: HDAccount
  /** chain id -> RPC URL; wallet_addEthereumChain may add to it */
  rpcUrls: Map<number, string>
  /** the chain the request was sent for */
  chainId: number
  /** called after a successful wallet_switchEthereumChain */
  onSwitchChain(chainId: number): void
}

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new WalletRpcError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

function requireSelf(ctx: WalletRpcContext, address: string): void {
  if (!isAddressEqual(address as `0x${string}`, ctx.account.address)) {
    throw new WalletRpcError(4100, 'The requested account has not been authorized by the user.')
  }
}

const walletClients = new WeakMap<HDAccount, Map<string, WalletClient>>()

/** A viem wallet client that signs locally with the demo key and only uses the node for reads and broadcast. */
function walletClientFor(ctx: WalletRpcContext): WalletClient {
  const rpcUrl = ctx.rpcUrls.get(ctx.chainId)
  if (!rpcUrl) throw new WalletRpcError(4902, `Unrecognized chain ID ${ctx.chainId}`)
  let byUrl = walletClients.get(ctx.account)
  if (!byUrl) walletClients.set(ctx.account, (byUrl = new Map()))
  const cacheKey = `${ctx.chainId}|${rpcUrl}`
  let client = byUrl.get(cacheKey)
  if (!client) {
    const chain = defineChain({
      id: ctx.chainId,
      name: `eip155:${ctx.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    client = createWalletClient({ account: ctx.account, chain, transport: http(rpcUrl) })
    byUrl.set(cacheKey, client)
  }
  return client
}

const quantity = (q: string | number | undefined) =>
  q === undefined ? undefined : typeof q === 'number' ? BigInt(q) : hexToBigInt(q as `0x${string}`)

async function sendTransaction(ctx: WalletRpcContext, tx: TransactionRequest): Promise<`0x${string}`> {
  if (tx.from) requireSelf(ctx, tx.from)
  const client = walletClientFor(ctx)
  const fees =
    tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined
      ? { maxFeePerGas: quantity(tx.maxFeePerGas), maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas) }
      : tx.gasPrice !== undefined
        ? { gasPrice: quantity(tx.gasPrice) }
        : {}
  const nonce = quantity(tx.nonce)
  return client.sendTransaction({
    account: ctx.account,
    chain: client.chain,
    to: tx.to ?? undefined,
    value: quantity(tx.value),
    data: (tx.data ?? tx.input) as `0x${string}` | undefined,
    gas: quantity(tx.gas),
    ...(nonce !== undefined && { nonce: Number(nonce) }),
    ...fees,
  } as Parameters<WalletClient['sendTransaction']>[0])
}

type Method = (ctx: WalletRpcContext, params: unknown) => Promise<unknown>

const methods: Record<string, Method> = {
  async personal_sign(ctx, params) {
    let [message, address] = parse(PersonalSignParams, params)
    // some dApps send [address, message]
    if (v.is(Address, message) && !v.is(Address, address)) [message, address] = [address, message]
    requireSelf(ctx, address)
    return ctx.account.signMessage({ message: isHex(message) ? { raw: message } : message })
  },

  async eth_sign(ctx, params) {
    const [address, hash] = parse(EthSignParams, params)
    requireSelf(ctx, address)
    return ctx.account.sign({ hash: hash as `0x${string}` })
  },

  async eth_signTypedData_v4(ctx, params) {
    const [address, raw] = parse(SignTypedDataParams, params)
    requireSelf(ctx, address)
    let json: unknown = raw
    if (typeof raw === 'string') {
      try {
        json = JSON.parse(raw)
      } catch {
        throw new WalletRpcError(-32602, 'Invalid params: typed data is not JSON')
      }
    }
    const typed = parse(TypedData, json)
    return ctx.account.signTypedData(typed as Parameters<HDAccount['signTypedData']>[0])
  },

  async eth_sendTransaction(ctx, params) {
    const [tx] = parse(SendTransactionParams, params)
    return sendTransaction(ctx, tx)
  },

  async wallet_switchEthereumChain(ctx, params) {
    const [{ chainId }] = parse(SwitchChainParams, params)
    const id = Number(BigInt(chainId))
    if (!ctx.rpcUrls.has(id)) throw new WalletRpcError(4902, `Unrecognized chain ID ${chainId}`)
    ctx.onSwitchChain(id)
    return null
  },

  async wallet_addEthereumChain(ctx, params) {
    const [{ chainId, rpcUrls }] = parse(AddChainParams, params)
    const id = Number(BigInt(chainId))
    if (!ctx.rpcUrls.has(id)) {
      const url = rpcUrls?.[0]
      if (!url) throw new WalletRpcError(-32602, 'Invalid params: rpcUrls is required for a new chain')
      ctx.rpcUrls.set(id, url)
    }
    return null
  },
}

/** Answers one session request; throws WalletRpcError for anything the dApp should see as an error. */
export async function answerWalletRequest(ctx: WalletRpcContext, method: string, params: unknown): Promise<unknown> {
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  if (!handler) throw new WalletRpcError(4200, `Unsupported method: ${method}`)
  return handler(ctx, params)
}
