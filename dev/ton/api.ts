import type { Blockchain } from '@ton/sandbox'
import { Address, beginCell, Cell, loadMessage, storeTransaction, type Message, type Transaction, type TupleItem } from '@ton/core'
import * as v from 'valibot'

// toncenter v2's JSON-RPC methods as @ton/ton's TonClient calls them (getAddressInformation,
// getAddressBalance, runGetMethod, sendBoc...), answered from the sandbox's state.

const AddressParam = v.object({ address: v.string() })
const RunGetMethod = v.object({ address: v.string(), method: v.string(), stack: v.optional(v.array(v.tuple([v.string(), v.unknown()])), []) })
const SendBoc = v.object({ boc: v.string() })
const Int = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d{1,20}$/))
const GetTransactions = v.object({
  address: v.string(),
  limit: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100)), 10),
  lt: v.optional(Int),
  hash: v.optional(v.string()),
  to_lt: v.optional(Int),
  archival: v.optional(v.unknown()),
})

function parseAddress(text: string): Address {
  try {
    return Address.parse(text)
  } catch {
    throw new Error(`Invalid address ${text}`)
  }
}

const toBoc = (cell: Cell | null | undefined) => (cell ? cell.toBoc().toString('base64') : '')

/** A stack entry in toncenter's form, as TonClient's parseStack reads it. */
function stackEntry(item: TupleItem): unknown {
  switch (item.type) {
    case 'int':
      return ['num', (item.value < 0n ? '-0x' + (-item.value).toString(16) : '0x' + item.value.toString(16))]
    case 'null':
      return ['null']
    case 'cell':
      return ['cell', { bytes: toBoc(item.cell) }]
    case 'slice':
      return ['cell', { bytes: toBoc(item.cell) }]
    case 'builder':
      return ['cell', { bytes: toBoc(item.cell) }]
    case 'tuple':
      return ['tuple', { elements: item.items.map(stackEntry) }]
    default:
      throw new Error(`Stack entries of type ${item.type} are not served`)
  }
}

/** A stack argument as TonClient's serializeStack writes it (num, tvm.Cell, tvm.Slice). */
function stackArgument([type, value]: [string, unknown]): TupleItem {
  if (type === 'num' && (typeof value === 'string' || typeof value === 'number')) return { type: 'int', value: BigInt(value) }
  if ((type === 'tvm.Cell' || type === 'tvm.Slice') && typeof value === 'string') {
    const cell = Cell.fromBase64(value)
    return type === 'tvm.Cell' ? { type: 'cell', cell } : { type: 'slice', cell }
  }
  throw new Error(`Invalid stack argument of type ${type}`)
}

async function addressInformation(blockchain: Blockchain, address: Address) {
  const contract = await blockchain.getContract(address)
  const state = contract.accountState
  const active = state?.type === 'active' ? state.state : undefined
  return {
    '@type': 'raw.fullAccountState',
    balance: contract.balance.toString(),
    state: state?.type === 'active' ? 'active' : state?.type === 'frozen' ? 'frozen' : 'uninitialized',
    code: toBoc(active?.code),
    data: toBoc(active?.data),
    last_transaction_id: {
      '@type': 'internal.transactionId',
      lt: contract.lastTransactionLt.toString(),
      hash: Buffer.from(contract.lastTransactionHash.toString(16).padStart(64, '0'), 'hex').toString('base64'),
    },
    block_id: { '@type': 'ton.blockIdExt', workchain: -1, shard: '-9223372036854775808', seqno: 1, root_hash: '', file_hash: '' },
    frozen_hash: '',
    sync_utime: blockchain.now ?? Math.floor(Date.now() / 1000),
  }
}

const friendly = (address: Address) => address.toString({ bounceable: true, urlSafe: true })

/** A message as toncenter's raw.message shows it (source '' for an external one). */
function rawMessage(message: Message | undefined | null): unknown {
  if (!message) return undefined
  const internal = message.info.type === 'internal' ? message.info : undefined
  const source = message.info.type === 'external-in' ? undefined : message.info.src
  const destination = message.info.type === 'external-out' ? undefined : message.info.dest
  return {
    '@type': 'raw.message',
    source: source instanceof Address ? friendly(source) : '',
    destination: destination instanceof Address ? friendly(destination) : '',
    value: (internal?.value.coins ?? 0n).toString(),
    fwd_fee: (internal?.forwardFee ?? 0n).toString(),
    ihr_fee: (internal?.ihrFee ?? 0n).toString(),
    created_lt: (internal?.createdLt ?? 0n).toString(),
    body_hash: message.body.hash().toString('base64'),
    msg_data: { '@type': 'msg.dataRaw', body: message.body.toBoc().toString('base64'), init_state: '' },
    message: '',
  }
}

/** A transaction as toncenter's getTransactions returns it (raw.transaction, the cell in `data`). */
function rawTransaction(address: Address, tx: Transaction): unknown {
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: friendly(address) },
    utime: tx.now,
    data: beginCell().store(storeTransaction(tx)).endCell().toBoc().toString('base64'),
    transaction_id: { '@type': 'internal.transactionId', lt: tx.lt.toString(), hash: tx.hash().toString('base64') },
    fee: tx.totalFees.coins.toString(),
    storage_fee: '0',
    other_fee: tx.totalFees.coins.toString(),
    in_msg: rawMessage(tx.inMessage),
    out_msgs: [...tx.outMessages.values()].map(rawMessage),
  }
}

export async function answerTonCall(blockchain: Blockchain, method: string, params: Record<string, unknown>): Promise<unknown> {
  switch (method) {
    case 'getAddressInformation':
      return addressInformation(blockchain, parseAddress(v.parse(AddressParam, params).address))
    case 'getAddressBalance':
      return (await blockchain.getContract(parseAddress(v.parse(AddressParam, params).address))).balance.toString()
    case 'getAddressState': {
      const info = await addressInformation(blockchain, parseAddress(v.parse(AddressParam, params).address))
      return info.state
    }
    case 'runGetMethod': {
      const call = v.parse(RunGetMethod, params)
      const result = await blockchain.runGetMethod(parseAddress(call.address), call.method, call.stack.map(stackArgument))
      return { '@type': 'smc.runResult', gas_used: Number(result.gasUsed), exit_code: result.exitCode, stack: result.stack.map(stackEntry) }
    }
    case 'getTransactions': {
      // Newest first, from the transaction `lt`/`hash` name (itself included), down to `to_lt`.
      const call = v.parse(GetTransactions, params)
      const address = parseAddress(call.address)
      if ((call.lt === undefined) !== (call.hash === undefined)) throw new Error('Invalid cursor: lt and hash go together')
      // The sandbox's own lt/hash lookup compares hashes by identity (never found) and reverses its
      // list in place on each call, so the account's transactions are ordered and found here.
      const list: Transaction[] = [...await blockchain.getTransactions(address)].sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0))
      let start = 0
      if (call.lt !== undefined) {
        const hash = /^[0-9a-f]{64}$/i.test(call.hash!) ? Buffer.from(call.hash!, 'hex') : Buffer.from(call.hash!, 'base64')
        start = list.findIndex((tx) => tx.lt === BigInt(call.lt!) && tx.hash().equals(hash))
        if (start < 0) throw new Error('Invalid cursor: cannot find the transaction lt/hash names')
      }
      const toLt = call.to_lt === undefined ? 0n : BigInt(call.to_lt)
      return list.slice(start, start + call.limit).filter((tx) => tx.lt > toLt).map((tx) => rawTransaction(address, tx))
    }
    case 'sendBoc':
    case 'sendBocReturnHash': {
      const cell = Cell.fromBase64(v.parse(SendBoc, params).boc)
      const message = loadMessage(cell.beginParse())
      if (message.info.type !== 'external-in') throw new Error('Invalid message: expected an external message')
      await blockchain.sendMessage(message)
      return method === 'sendBoc' ? { '@type': 'ok' } : { '@type': 'raw.extMessageInfo', hash: cell.hash().toString('base64') }
    }
    default:
      throw new Error(`Unknown method ${method}`)
  }
}

