import * as v from 'valibot'
import { PosternError } from '../errors'
import { tronHex, transactionId } from './address'
import { Transaction, type TronApi, type TronTransaction } from './http'

/** How long a send waits for a block to hold the transaction (TRON makes one every 3 s). */
const CONFIRM_TIMEOUT_MS = 60_000
const POLL_MS = 1000

const TransferValue = v.looseObject({ owner_address: v.string(), to_address: v.string(), amount: v.number() })

/**
 * The node built what was asked: its id is the hash of its raw data, and it is one TRX transfer
 * of `amount` from `from` to `to` (a node that answers otherwise does not get it signed).
 */
export function checkTransfer(tx: TronTransaction, from: string, to: string, amount: bigint): void {
  if (transactionId(tx.raw_data_hex) !== tx.txID.toLowerCase()) throw new PosternError('The node returned a transaction whose id does not match its data', 'INVALID_TRANSACTION')
  const [contract, ...rest] = tx.raw_data.contract
  const value = v.safeParse(TransferValue, (contract?.parameter as { value?: unknown } | undefined)?.value)
  const same = (a: string, b: string) => a === b || a.toLowerCase() === tronHex(b)
  if (rest.length || contract?.type !== 'TransferContract' || !value.success || !same(value.output.owner_address, from) || !same(value.output.to_address, to) || BigInt(value.output.amount) !== amount) {
    throw new PosternError('The node returned a transaction other than the transfer asked for', 'INVALID_TRANSACTION')
  }
}

const TriggerValue = v.looseObject({ owner_address: v.string(), contract_address: v.string(), data: v.string(), call_value: v.optional(v.number()) })
const word = (value: bigint) => value.toString(16).padStart(64, '0')

/** transfer(address,uint256)'s arguments: the receiver's 20 bytes and the amount, one word each. */
export const tokenTransferParameter = (to: string, amount: bigint) => `${tronHex(to).slice(2).padStart(64, '0')}${word(amount)}`

/** As checkTransfer, for a TRC-20 transfer: one call of transfer(to, amount) on the token, nothing paid to it. */
export function checkTokenTransfer(tx: TronTransaction, from: string, contract: string, to: string, amount: bigint): void {
  if (transactionId(tx.raw_data_hex) !== tx.txID.toLowerCase()) throw new PosternError('The node returned a transaction whose id does not match its data', 'INVALID_TRANSACTION')
  const [call, ...rest] = tx.raw_data.contract
  const value = v.safeParse(TriggerValue, (call?.parameter as { value?: unknown } | undefined)?.value)
  const same = (a: string, b: string) => a === b || a.toLowerCase() === tronHex(b)
  if (rest.length || call?.type !== 'TriggerSmartContract' || !value.success || !same(value.output.owner_address, from) || !same(value.output.contract_address, contract)
    || value.output.data.toLowerCase() !== `a9059cbb${tokenTransferParameter(to, amount)}` || (value.output.call_value ?? 0) !== 0) {
    throw new PosternError('The node returned a transaction other than the transfer asked for', 'INVALID_TRANSACTION')
  }
}

/** A TRC-20 transfer end to end: built by the node, checked, signed, broadcast. Resolves with the transaction id. */
export async function sendToken(api: TronApi, sign: (tx: TronTransaction) => Promise<unknown>, from: string, contract: string, to: string, amount: bigint, feeLimit: bigint): Promise<string> {
  if (amount <= 0n) throw new PosternError('Amount must be greater than 0', -32602)
  const unsigned = await api.createTokenTransfer(from, contract, tokenTransferParameter(to, amount), feeLimit)
  checkTokenTransfer(unsigned, from, contract, to, amount)
  const signed = checkSigned(await sign(unsigned), unsigned)
  await api.broadcast(signed)
  return signed.txID
}

/** What the wallet gave back is the transaction it was shown, now signed. */
export function checkSigned(signed: unknown, unsigned: TronTransaction): TronTransaction {
  const parsed = v.safeParse(Transaction, signed)
  if (!parsed.success || parsed.output.txID !== unsigned.txID || parsed.output.raw_data_hex !== unsigned.raw_data_hex || !parsed.output.signature?.length) {
    throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
  }
  return parsed.output
}

/**
 * A TRX transfer end to end, as AppKit's connectors do it: the node builds it, the wallet signs
 * it, the node broadcasts it. Resolves with the transaction id.
 */
export async function sendTrx(api: TronApi, sign: (tx: TronTransaction) => Promise<unknown>, from: string, to: string, amount: bigint): Promise<string> {
  if (amount <= 0n) throw new PosternError('Amount must be greater than 0', -32602)
  const unsigned = await api.createTransfer(from, to, amount)
  checkTransfer(unsigned, from, to, amount)
  const signed = checkSigned(await sign(unsigned), unsigned)
  await api.broadcast(signed)
  return signed.txID
}

/** Waits until a block holds the transaction; a failed contract call is an error. */
export async function waitForReceipt(api: TronApi, txID: string): Promise<void> {
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  for (;;) {
    const info = await api.info(txID)
    if (info) {
      const result = info.receipt?.result
      if (result && result !== 'SUCCESS') throw new PosternError(`Transaction failed: ${result}`, 'TRANSACTION_FAILED')
      return
    }
    if (Date.now() > deadline) throw new PosternError('Transaction was not confirmed in time', 'TRANSACTION_TIMEOUT')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** A TRC-20 balance with its token's decimals and symbol, read through constant calls. */
export async function trc20Balance(api: TronApi, owner: string, contract: string): Promise<{ amount: bigint; decimals: number; symbol: string }> {
  const word = tronHex(owner).slice(2).padStart(64, '0')
  const [balance, decimals, symbol] = await Promise.all([
    api.constant(owner, contract, 'balanceOf(address)', word),
    api.constant(owner, contract, 'decimals()', ''),
    api.constant(owner, contract, 'symbol()', ''),
  ])
  return { amount: BigInt(`0x${balance.slice(0, 64) || '0'}`), decimals: Number(BigInt(`0x${decimals.slice(0, 64) || '0'}`)), symbol: abiString(symbol) }
}

/** An ABI-encoded string return value (offset, length, bytes); empty when malformed. */
export function abiString(data: string): string {
  if (data.length < 128) return ''
  const length = Number(BigInt(`0x${data.slice(64, 128)}`))
  const bytes = data.slice(128, 128 + length * 2)
  if (bytes.length !== length * 2) return ''
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes.match(/../g)?.map((b) => parseInt(b, 16)) ?? []))
  } catch {
    return ''
  }
}
