// What an EVM approval shows, for the EOA and the smart account alike: messages as text or as
// hex under a warning, typed data with its domain, and every call decoded, in the network's own
// currency, with token facts read from the network the request is for.
import * as v from 'valibot'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { RpcError } from '../rpc'
import { nativeCurrency, type Currency } from './currency'
import { describeCall, type EvmCall, type Row } from './evm-calls'
import { chainTokenReader, type TokenReader } from './token-info'
import { describeTypedData, signedPart, TypedData } from './typed-data'

export interface EvmDescriber {
  currency: Currency
  client: ReturnType<typeof createPublicClient> | undefined
  calls(calls: EvmCall[]): Promise<Row[]>
  typedData(json: string): Promise<{ typed: TypedData; rows: Row[]; warning?: string }>
}

export function evmDescriber(chainId: number, rpcUrl: string | undefined): EvmDescriber {
  const currency = nativeCurrency(chainId)
  const client = rpcUrl ? createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }) : undefined
  const readToken: TokenReader = client ? chainTokenReader(client) : async () => ({})
  return {
    currency,
    client,
    async calls(calls) {
      if (calls.length === 1) return describeCall(calls[0]!, currency, readToken)
      const each = await Promise.all(calls.map((c, i) => describeCall(c, currency, readToken, `Call ${i + 1}`)))
      return each.flat()
    },
    async typedData(json) {
      let raw: unknown
      try {
        raw = JSON.parse(json)
      } catch {
        throw new RpcError('Invalid params', -32602)
      }
      const parsed = v.safeParse(TypedData, raw)
      if (!parsed.success) throw new RpcError('Invalid params', -32602)
      // Shown, described and signed: only what the types sign.
      const { types, primaryType, message } = parsed.output
      const typed = { ...parsed.output, message: signedPart(types, primaryType, message) as TypedData['message'] }
      return { typed, ...(await describeTypedData(typed, chainId, readToken)) }
    },
  }
}

/** The typed data as viem signs it: the domain's chainId a number, EIP712Domain left to viem. */
export function typedForSigning(typed: TypedData) {
  const { EIP712Domain: _, ...types } = typed.types
  const { chainId, verifyingContract, salt, ...domain } = typed.domain
  return {
    types, primaryType: typed.primaryType, message: typed.message,
    domain: { ...domain, ...(chainId !== undefined && { chainId: Number(BigInt(chainId)) }), ...(verifyingContract && { verifyingContract: verifyingContract as Address }), ...(salt && { salt: salt as Hex }) },
  }
}
