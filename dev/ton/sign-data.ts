import { Address } from '@ton/core'
import { sha256, sign, signVerify } from '@ton/crypto'

// TON Connect's signData (text and binary payloads): what a wallet signs and how a dApp checks it.
// The byte layout is the protocol's; hashing and ed25519 are @ton/crypto's.

export type SignDataPayload = { type: 'text'; text: string } | { type: 'binary'; bytes: string }

export interface SignDataResult {
  signature: string
  /** The signer's address, raw form (workchain:hex). */
  address: string
  timestamp: number
  domain: string
  payload: SignDataPayload
}

/** 0xffff ++ "ton-connect/sign-data/" ++ workchain ++ address hash ++ domain ++ timestamp ++ "txt"|"bin" ++ payload. */
export function signDataMessage(address: Address, domain: string, timestamp: number, payload: SignDataPayload): Buffer {
  const workchain = Buffer.alloc(4)
  workchain.writeInt32BE(address.workChain)
  const domainBytes = Buffer.from(domain, 'utf8')
  const domainLength = Buffer.alloc(4)
  domainLength.writeUInt32BE(domainBytes.length)
  const time = Buffer.alloc(8)
  time.writeBigUInt64BE(BigInt(timestamp))
  const body = payload.type === 'text' ? Buffer.from(payload.text, 'utf8') : Buffer.from(payload.bytes, 'base64')
  const bodyLength = Buffer.alloc(4)
  bodyLength.writeUInt32BE(body.length)
  return Buffer.concat([
    Buffer.from([0xff, 0xff]), Buffer.from('ton-connect/sign-data/', 'utf8'), workchain, address.hash,
    domainLength, domainBytes, time, Buffer.from(payload.type === 'text' ? 'txt' : 'bin', 'utf8'), bodyLength, body,
  ])
}

export async function signData(secretKey: Buffer, address: Address, domain: string, payload: SignDataPayload, timestamp = Math.floor(Date.now() / 1000)): Promise<SignDataResult> {
  const hash = await sha256(signDataMessage(address, domain, timestamp, payload))
  return { signature: sign(hash, secretKey).toString('base64'), address: address.toRawString(), timestamp, domain, payload }
}

/** True when `result` is `publicKey`'s signature over its own fields. */
export async function verifySignData(publicKey: Buffer, result: SignDataResult): Promise<boolean> {
  const hash = await sha256(signDataMessage(Address.parse(result.address), result.domain, result.timestamp, result.payload))
  return signVerify(hash, Buffer.from(result.signature, 'base64'), publicKey)
}
