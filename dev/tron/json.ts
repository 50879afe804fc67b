// A transaction's JSON as TRON's HTTP API shows it (TronGrid's shape), from and back to its raw
// data: addresses in base58 when the request asked for `visible`, else in hex.
import { anyToHex, bytesToHex, toBase58Address, transactionId } from './crypto.ts'
import { encodeRaw, type ContractCall, type RawData } from './protobuf.ts'

export interface TransactionJson {
  visible: boolean
  txID: string
  raw_data: Record<string, unknown>
  raw_data_hex: string
  signature?: string[]
  ret?: { contractRet: string }[]
}

const TYPE_URL = { TransferContract: 'type.googleapis.com/protocol.TransferContract', TriggerSmartContract: 'type.googleapis.com/protocol.TriggerSmartContract' }

function contractValue(call: ContractCall, visible: boolean): Record<string, unknown> {
  const a = (hex: string) => (visible ? toBase58Address(hex) : hex)
  if (call.type === 'TransferContract') return { amount: call.amount, owner_address: a(call.owner), to_address: a(call.to) }
  return { data: call.data, owner_address: a(call.owner), contract_address: a(call.contract), ...(call.callValue ? { call_value: call.callValue } : {}) }
}

export function toJson(raw: RawData, visible: boolean): TransactionJson {
  const rawHex = bytesToHex(encodeRaw(raw))
  return {
    visible,
    txID: transactionId(rawHex),
    raw_data: {
      contract: [{ parameter: { value: contractValue(raw.contract, visible), type_url: TYPE_URL[raw.contract.type] }, type: raw.contract.type }],
      ref_block_bytes: raw.refBlockBytes,
      ref_block_hash: raw.refBlockHash,
      expiration: raw.expiration,
      ...(raw.feeLimit ? { fee_limit: raw.feeLimit } : {}),
      timestamp: raw.timestamp,
    },
    raw_data_hex: rawHex,
  }
}

const isHex = (v: unknown): v is string => typeof v === 'string' && /^([0-9a-fA-F]{2})*$/.test(v)
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/** The raw data a transaction's JSON describes, or undefined when it is not well formed. */
export function fromJson(json: Record<string, unknown> | undefined): RawData | undefined {
  if (!json || typeof json !== 'object') return undefined
  const [contract, ...more] = Array.isArray(json['contract']) ? (json['contract'] as Record<string, unknown>[]) : []
  const type = contract?.['type']
  const value = (contract?.['parameter'] as { value?: Record<string, unknown> } | undefined)?.value
  if (more.length || !value || (type !== 'TransferContract' && type !== 'TriggerSmartContract')) return undefined
  const { ref_block_bytes: refBlockBytes, ref_block_hash: refBlockHash, expiration, timestamp, fee_limit: feeLimit } = json
  if (!isHex(refBlockBytes) || !isHex(refBlockHash) || !isInt(expiration) || !isInt(timestamp) || (feeLimit !== undefined && !isInt(feeLimit))) return undefined
  const owner = anyToHex(value['owner_address'])
  let call: ContractCall | undefined
  if (type === 'TransferContract') {
    const to = anyToHex(value['to_address'])
    if (owner && to && isInt(value['amount'])) call = { type, owner, to, amount: value['amount'] }
  } else {
    const contractAddress = anyToHex(value['contract_address'])
    const callValue = value['call_value'] ?? 0
    if (owner && contractAddress && isHex(value['data']) && isInt(callValue)) call = { type, owner, contract: contractAddress, data: (value['data'] as string).toLowerCase(), callValue }
  }
  return call && { refBlockBytes: refBlockBytes.toLowerCase(), refBlockHash: refBlockHash.toLowerCase(), expiration, timestamp, ...(feeLimit ? { feeLimit } : {}), contract: call }
}
