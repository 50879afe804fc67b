import { blake2b } from '@noble/hashes/blake2.js'
import { bcs } from '@mysten/sui/bcs'
import { normalizeSuiAddress, toBase58, toHex } from '@mysten/sui/utils'

// SUI coins as the local Sui ledger keeps them: objects with an id, a version, a digest, an owner
// and a balance. Digests and ids are computed as Sui computes them (blake2b-256 over the object's
// BCS with its type name), with @mysten/sui's own BCS types.

export const SUI_COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>'
export const SUI_TYPE = '0x2::sui::SUI'
/** What storing one coin object costs (MIST); 99 % of it comes back when the object is changed or deleted. */
export const COIN_STORAGE_COST = 988_000n
/** The digest Sui gives a deleted object. */
export const DELETED_DIGEST = toBase58(new Uint8Array(32).fill(99))

export interface Coin {
  objectId: string
  version: bigint
  digest: string
  owner: string
  balance: bigint
  previousTransaction: string
  storageRebate: bigint
}

/** blake2b-256 over `Name::` ++ bytes: how Sui hashes its signable types. */
export function typedHash(name: string, bytes: Uint8Array): Uint8Array {
  const tag = new TextEncoder().encode(`${name}::`)
  const data = new Uint8Array(tag.length + bytes.length)
  data.set(tag)
  data.set(bytes, tag.length)
  return blake2b(data, { dkLen: 32 })
}

/** Coin { id: UID, balance: u64 } as Move lays it out. */
export function coinContents(objectId: string, balance: bigint): Uint8Array {
  const id = bcs.Address.serialize(objectId).toBytes()
  const amount = bcs.u64().serialize(balance).toBytes()
  const out = new Uint8Array(id.length + amount.length)
  out.set(id)
  out.set(amount, id.length)
  return out
}

/** The object's BCS (sui::object::Object), the bytes its digest is taken over. */
export function coinBcs(coin: Omit<Coin, 'digest'>): Uint8Array {
  return bcs.Object.serialize({
    data: { Move: { type: { GasCoin: null }, hasPublicTransfer: true, version: coin.version, contents: coinContents(coin.objectId, coin.balance) } },
    owner: { AddressOwner: coin.owner },
    previousTransaction: coin.previousTransaction,
    storageRebate: coin.storageRebate,
  }).toBytes()
}

/** The coin with its digest set from its other fields. */
export function sealCoin(coin: Omit<Coin, 'digest'>): Coin {
  return { ...coin, digest: toBase58(typedHash('Object', coinBcs(coin))) }
}

/** The id of the `index`th object a transaction creates (Sui: hash of the digest and a counter). */
export function derivedObjectId(transactionDigestBytes: Uint8Array, index: number): string {
  const counter = bcs.u64().serialize(BigInt(index)).toBytes()
  const data = new Uint8Array(1 + transactionDigestBytes.length + counter.length)
  data[0] = 0xf1 // Sui's hashing intent scope for object ids
  data.set(transactionDigestBytes, 1)
  data.set(counter, 1 + transactionDigestBytes.length)
  return normalizeSuiAddress(toHex(blake2b(data, { dkLen: 32 })))
}

/** Sui's text for a version in its errors (0x-prefixed hex). */
export const hexVersion = (version: bigint) => `0x${version.toString(16)}`

/** The object as sui_getObject shows it (the fields each option asks for). */
export function objectData(coin: Coin, options: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    objectId: coin.objectId,
    version: coin.version.toString(),
    digest: coin.digest,
    ...(options['showType'] === true && { type: SUI_COIN_TYPE }),
    ...(options['showOwner'] === true && { owner: { AddressOwner: coin.owner } }),
    ...(options['showPreviousTransaction'] === true && { previousTransaction: coin.previousTransaction }),
    ...(options['showStorageRebate'] === true && { storageRebate: coin.storageRebate.toString() }),
    ...(options['showContent'] === true && {
      content: { dataType: 'moveObject', type: SUI_COIN_TYPE, hasPublicTransfer: true, fields: { balance: coin.balance.toString(), id: { id: coin.objectId } } },
    }),
    ...(options['showBcs'] === true && {
      bcs: { dataType: 'moveObject', type: SUI_COIN_TYPE, hasPublicTransfer: true, version: Number(coin.version), bcsBytes: Buffer.from(coinContents(coin.objectId, coin.balance)).toString('base64') },
    }),
  }
}
