import * as v from 'valibot'
import { PosternError } from '../errors'

/** How long one call to a TRON node may take before the next endpoint is tried. */
const CALL_TIMEOUT_MS = 10_000

/** A transaction as TRON's HTTP API hands it out (TronGrid's shape, `visible: true` addresses). */
export const Transaction = v.looseObject({
  txID: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/i, 'txID must be 32 bytes of hex')),
  raw_data: v.looseObject({ contract: v.array(v.looseObject({ type: v.string() })), expiration: v.number() }),
  raw_data_hex: v.pipe(v.string(), v.regex(/^([0-9a-f]{2})+$/i, 'raw_data_hex must be hex')),
  visible: v.optional(v.boolean()),
  signature: v.optional(v.array(v.pipe(v.string(), v.regex(/^(0x)?[0-9a-f]{130}$/i, 'a signature is 65 bytes of hex')))),
})
export type TronTransaction = v.InferOutput<typeof Transaction>

const Account = v.looseObject({ balance: v.optional(v.number()) })
const Constant = v.looseObject({
  result: v.optional(v.looseObject({ result: v.optional(v.boolean()), message: v.optional(v.string()) })),
  constant_result: v.optional(v.array(v.pipe(v.string(), v.regex(/^[0-9a-f]*$/i)))),
})
const Broadcast = v.looseObject({ result: v.optional(v.boolean()), code: v.optional(v.string()), message: v.optional(v.string()) })
const Info = v.looseObject({ id: v.optional(v.string()), blockNumber: v.optional(v.number()), receipt: v.optional(v.looseObject({ result: v.optional(v.string()) })) })
const Triggered = v.looseObject({
  result: v.optional(v.looseObject({ result: v.optional(v.boolean()), message: v.optional(v.string()) })),
  transaction: v.optional(Transaction),
})
const Created = v.union([Transaction, v.looseObject({ Error: v.string() })])

/** Node messages come hex-encoded (TronGrid's broadcast errors); shown as text where they decode. */
function nodeMessage(text: string | undefined): string | undefined {
  if (!text || !/^([0-9a-f]{2})+$/i.test(text)) return text
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(text.match(/../g)!.map((b) => parseInt(b, 16))))
  } catch {
    return text
  }
}

/**
 * The part of a TRON full node's HTTP API (TronGrid's /wallet/*) that Postern reads and writes
 * through, over the network's endpoints in fallback order: an endpoint that cannot be reached
 * hands over to the next; an answer, even an error, is final.
 */
export function tronApi(urls: readonly string[]) {
  if (urls.length === 0) throw new PosternError('No TRON endpoint is configured for this network', 'NO_RPC')
  async function call<S extends v.GenericSchema>(path: string, body: unknown, schema: S): Promise<v.InferOutput<S>> {
    let lastError: unknown
    for (const base of urls) {
      let response: Response
      try {
        response = await fetch(`${base.replace(/\/+$/, '')}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        })
      } catch (error) {
        lastError = error
        continue
      }
      if (!response.ok) throw new PosternError(`TRON node answered HTTP ${response.status} to ${path}`, 'RPC_ERROR')
      const parsed = v.safeParse(schema, await response.json().catch(() => undefined))
      if (!parsed.success) throw new PosternError(`TRON node sent an invalid answer to ${path}: ${parsed.issues[0].message}`, 'RPC_ERROR')
      return parsed.output
    }
    throw new PosternError('TRON node could not be reached', 'RPC_ERROR', { cause: lastError })
  }

  return {
    /** The account's TRX in sun (an account never funded reads 0). */
    async balance(address: string): Promise<bigint> {
      const account = await call('/wallet/getaccount', { address, visible: true }, Account)
      return BigInt(account.balance ?? 0)
    },
    /** A read-only contract call: the returned words, hex. */
    async constant(owner: string, contract: string, selector: string, parameter: string): Promise<string> {
      const answer = await call('/wallet/triggerconstantcontract', { owner_address: owner, contract_address: contract, function_selector: selector, parameter, visible: true }, Constant)
      if (answer.result?.result !== true || !answer.constant_result?.[0]) throw new PosternError(nodeMessage(answer.result?.message) ?? `${selector} failed`, 'RPC_ERROR')
      return answer.constant_result[0]
    },
    /** An unsigned TRX transfer, built by the node. */
    async createTransfer(from: string, to: string, amount: bigint): Promise<TronTransaction> {
      const created = await call('/wallet/createtransaction', { owner_address: from, to_address: to, amount: Number(amount), visible: true }, Created)
      if (!('txID' in created)) throw new PosternError(nodeMessage(String(created.Error)) ?? 'Failed to create transaction', 'RPC_ERROR')
      return created as TronTransaction
    },
    /** An unsigned TRC-20 transfer(address,uint256), built by the node with this fee limit (sun). */
    async createTokenTransfer(from: string, contract: string, parameter: string, feeLimit: bigint): Promise<TronTransaction> {
      const built = await call('/wallet/triggersmartcontract', { owner_address: from, contract_address: contract, function_selector: 'transfer(address,uint256)', parameter, fee_limit: Number(feeLimit), call_value: 0, visible: true }, Triggered)
      if (built.result?.result !== true || !built.transaction) throw new PosternError(nodeMessage(built.result?.message) ?? 'Failed to create transaction', 'RPC_ERROR')
      return built.transaction
    },
    async broadcast(signed: TronTransaction): Promise<void> {
      const answer = await call('/wallet/broadcasttransaction', signed, Broadcast)
      if (answer.result !== true) throw new PosternError(nodeMessage(answer.message) ?? answer.code ?? 'Failed to broadcast transaction', answer.code ?? 'RPC_ERROR')
    },
    /** The transaction's receipt once a block holds it, else undefined. */
    async info(txID: string): Promise<v.InferOutput<typeof Info> | undefined> {
      const info = await call('/wallet/gettransactioninfobyid', { value: txID }, Info)
      return info.id && info.blockNumber !== undefined ? info : undefined
    },
  }
}
export type TronApi = ReturnType<typeof tronApi>
