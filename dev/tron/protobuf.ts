// The protobuf messages of TRON's transactions (java-tron's protocol/Tron.proto and contracts),
// the subset this node builds and accepts, encoded and decoded with protobufjs.
import protobuf from 'protobufjs'
import { bytesToHex, hexToBytes } from './crypto.ts'

const root = protobuf.Root.fromJSON({
  nested: {
    protocol: {
      nested: {
        Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
        Contract: { fields: { type: { type: 'int32', id: 1 }, parameter: { type: 'Any', id: 2 }, Permission_id: { type: 'int32', id: 5 } } },
        Raw: {
          fields: {
            ref_block_bytes: { type: 'bytes', id: 1 },
            ref_block_num: { type: 'int64', id: 3 },
            ref_block_hash: { type: 'bytes', id: 4 },
            expiration: { type: 'int64', id: 8 },
            data: { type: 'bytes', id: 10 },
            contract: { rule: 'repeated', type: 'Contract', id: 11 },
            timestamp: { type: 'int64', id: 14 },
            fee_limit: { type: 'int64', id: 18 },
          },
        },
        TransferContract: { fields: { owner_address: { type: 'bytes', id: 1 }, to_address: { type: 'bytes', id: 2 }, amount: { type: 'int64', id: 3 } } },
        TriggerSmartContract: {
          fields: {
            owner_address: { type: 'bytes', id: 1 },
            contract_address: { type: 'bytes', id: 2 },
            call_value: { type: 'int64', id: 3 },
            data: { type: 'bytes', id: 4 },
          },
        },
      },
    },
  },
})

const Raw = root.lookupType('protocol.Raw')
const Transfer = root.lookupType('protocol.TransferContract')
const Trigger = root.lookupType('protocol.TriggerSmartContract')

/** java-tron's ContractType numbers and Any type URLs of the two contracts served here. */
const TYPES = {
  TransferContract: { id: 1, url: 'type.googleapis.com/protocol.TransferContract', message: Transfer },
  TriggerSmartContract: { id: 31, url: 'type.googleapis.com/protocol.TriggerSmartContract', message: Trigger },
} as const

export type ContractCall =
  | { type: 'TransferContract'; owner: string; to: string; amount: number }
  | { type: 'TriggerSmartContract'; owner: string; contract: string; data: string; callValue: number }

/** A transaction's raw data, addresses in hex (41…), bytes in hex. */
export interface RawData {
  refBlockBytes: string
  refBlockHash: string
  expiration: number
  timestamp: number
  feeLimit?: number
  contract: ContractCall
}

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(String(value ?? 0)))

export function encodeRaw(raw: RawData): Uint8Array {
  const c = raw.contract
  const value = c.type === 'TransferContract'
    ? Transfer.encode(Transfer.fromObject({ owner_address: hexToBytes(c.owner), to_address: hexToBytes(c.to), amount: c.amount })).finish()
    : Trigger.encode(Trigger.fromObject({ owner_address: hexToBytes(c.owner), contract_address: hexToBytes(c.contract), data: hexToBytes(c.data), ...(c.callValue ? { call_value: c.callValue } : {}) })).finish()
  return Raw.encode(Raw.fromObject({
    ref_block_bytes: hexToBytes(raw.refBlockBytes),
    ref_block_hash: hexToBytes(raw.refBlockHash),
    expiration: raw.expiration,
    contract: [{ type: TYPES[c.type].id, parameter: { type_url: TYPES[c.type].url, value } }],
    timestamp: raw.timestamp,
    ...(raw.feeLimit ? { fee_limit: raw.feeLimit } : {}),
  })).finish()
}

/** The raw data a transaction's bytes say, or a reason it is not one this node runs. */
export function decodeRaw(bytes: Uint8Array): RawData | string {
  let raw: Record<string, unknown>
  try {
    raw = Raw.toObject(Raw.decode(bytes), { longs: Number, bytes: Array, defaults: true }) as Record<string, unknown>
  } catch (error) {
    return `raw_data does not decode: ${error instanceof Error ? error.message : String(error)}`
  }
  const contracts = raw['contract'] as { type: number; parameter?: { type_url: string; value: number[] } }[]
  if (contracts.length !== 1) return 'a transaction has exactly one contract'
  const [contract] = contracts
  const kind = Object.entries(TYPES).find(([, t]) => t.id === contract!.type && t.url === contract!.parameter?.type_url)
  if (!kind) return `contract type ${contract!.type} is not supported here`
  const hex = (v: unknown) => bytesToHex(new Uint8Array(v as number[]))
  const value = kind[1].message.toObject(kind[1].message.decode(new Uint8Array(contract!.parameter!.value)), { longs: Number, bytes: Array, defaults: true }) as Record<string, unknown>
  const call: ContractCall = kind[0] === 'TransferContract'
    ? { type: 'TransferContract', owner: hex(value['owner_address']), to: hex(value['to_address']), amount: num(value['amount']) }
    : { type: 'TriggerSmartContract', owner: hex(value['owner_address']), contract: hex(value['contract_address']), data: hex(value['data']), callValue: num(value['call_value']) }
  return {
    refBlockBytes: hex(raw['ref_block_bytes']),
    refBlockHash: hex(raw['ref_block_hash']),
    expiration: num(raw['expiration']),
    timestamp: num(raw['timestamp']),
    ...(num(raw['fee_limit']) ? { feeLimit: num(raw['fee_limit']) } : {}),
    contract: call,
  }
}
