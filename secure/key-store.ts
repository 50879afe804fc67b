// This device's copy of the joined key, on the secure origin only: encrypted (AES-GCM) under a
// WebCrypto key made non-extractable, both kept in IndexedDB. A reload opens it with no code and
// no call for shares; no script, not even this origin's, can read the wrapping key's bytes out.
const DB_NAME = 'postern-secure'
const STORE = 'keys'
const RECORD = 'device'

interface Wrapped { wrapKey: CryptoKey; iv: Uint8Array<ArrayBuffer>; ciphertext: ArrayBuffer; address: string }

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode)
      const request = act(tx.objectStore(STORE))
      tx.oncomplete = () => resolve(request.result as T)
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error)
    })
  } finally {
    db.close()
  }
}

const isWrapped = (value: unknown): value is Wrapped => {
  const w = value as Partial<Wrapped> | undefined
  return !!w && w.wrapKey instanceof CryptoKey && w.iv instanceof Uint8Array && w.ciphertext instanceof ArrayBuffer && typeof w.address === 'string'
}

/** Keeps the key for this device, under a fresh non-extractable wrapping key (the address as additional data). */
export async function storeDeviceKey(secret: Uint8Array<ArrayBuffer>, address: string): Promise<void> {
  const wrapKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address.toLowerCase()) }, wrapKey, secret)
  await run('readwrite', (store) => store.put({ wrapKey, iv, ciphertext, address: address.toLowerCase() } satisfies Wrapped, RECORD))
}

/** The key this device keeps for `address`; undefined when it keeps none, another, or a damaged one. */
export async function loadDeviceKey(address: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    const record = await run<unknown>('readonly', (store) => store.get(RECORD))
    if (!isWrapped(record) || record.address !== address.toLowerCase()) return undefined
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv, additionalData: new TextEncoder().encode(record.address) }, record.wrapKey, record.ciphertext)
    return new Uint8Array(plain)
  } catch {
    return undefined
  }
}

export async function forgetDeviceKey(): Promise<void> {
  await run('readwrite', (store) => store.delete(RECORD)).catch(() => undefined)
}
