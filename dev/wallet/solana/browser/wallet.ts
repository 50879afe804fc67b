import * as v from 'valibot'
import { getBase58Decoder, getBase58Encoder, getBase64Decoder } from '@solana/kit'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type { ChangeProperty, SolanaTestWalletHandle } from '../types.ts'
import { Approvals } from './approval.ts'
import { invalidInput, unauthorized } from './errors.ts'
import type { WalletKey } from './keys.ts'
import { sendTransaction } from './rpc.ts'
import { ConnectInput, describeIssues, SignAndSendInputs, SignMessageInputs, SignTransactionInputs } from './schemas.ts'
import { AuthorisationStore } from './storage.ts'

export interface WalletConfig {
  name: string
  icon: WalletIcon
  rpcUrl: string
  keys: WalletKey[]
  initialAccounts: WalletKey[]
  chains: IdentifierString[]
  autoApprove: boolean
}

type ChangeListener = (properties: { accounts?: readonly WalletAccount[]; chains?: readonly IdentifierString[]; features?: unknown }) => void

const ACCOUNT_FEATURES: IdentifierString[] = ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage']
const TRANSACTION_VERSIONS = Object.freeze(['legacy', 0] as const)

const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

function parse<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw invalidInput(describeIssues(result.issues))
  return result.output
}

/**
 * The wallet and the handle that scripts it. The wallet object is what apps receive through the
 * Wallet Standard registry; the handle is for tests and the demo.
 */
export function createSolanaTestWallet(config: WalletConfig): {
  wallet: Wallet
  handle: SolanaTestWalletHandle
  /** Gives the handle the function that takes the wallet out of every app's registry. */
  setUnregister(fn: () => void): void
} {
  const store = new AuthorisationStore(config.name)
  const approvals = new Approvals(config.autoApprove)
  const listeners = new Set<ChangeListener>()
  const accountObjects = new Map<string, WalletAccount>()
  let authorized = store.read()
  let current = config.initialAccounts.slice()
  let unregisterAll = () => {}

  // One stable, frozen WalletAccount per address, as apps compare them by identity.
  const accountFor = (key: WalletKey): WalletAccount => {
    let account = accountObjects.get(key.address)
    if (!account) {
      account = Object.freeze({
        address: key.address,
        publicKey: key.publicKey.slice(),
        chains: config.chains.slice(),
        features: ACCOUNT_FEATURES.slice(),
        label: `${config.name} ${config.keys.indexOf(key) + 1}`,
      })
      accountObjects.set(key.address, account)
    }
    return account
  }
  const visibleAccounts = () => (authorized ? current.map(accountFor) : [])

  const emit = (properties: Parameters<ChangeListener>[0]) => {
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.error('standard:events listener failed', error)
      }
    }
  }
  const setAuthorized = (value: boolean) => {
    const before = visibleAccounts().map((a) => a.address).join()
    authorized = value
    store.write(value)
    if (visibleAccounts().map((a) => a.address).join() !== before) emit({ accounts: visibleAccounts() })
  }
  // The key behind an account an app passes back; only the site's authorised accounts can sign.
  const keyFor = (address: string): WalletKey => {
    const key = authorized ? current.find((k) => k.address === address) : undefined
    if (!key) throw unauthorized()
    return key
  }
  const checkChain = (chain: string | undefined) => {
    if (chain !== undefined && !config.chains.includes(chain as IdentifierString)) throw invalidInput(`Unsupported chain ${chain}`)
  }

  const features = Object.freeze({
    'standard:connect': Object.freeze({
      version: '1.0.0',
      connect: (input?: { silent?: boolean }) =>
        approvals.run(
          'standard:connect',
          input === undefined ? null : { silent: input?.silent },
          async (prompt) => {
            const { silent } = parse(ConnectInput, input) ?? {}
            if (!authorized && !silent) {
              await prompt()
              setAuthorized(true)
            }
            return { accounts: visibleAccounts() }
          },
          (output) => ({ accounts: output.accounts.map((a) => a.address) }),
        ),
    }),
    'standard:disconnect': Object.freeze({
      version: '1.0.0',
      disconnect: () =>
        approvals.run(
          'standard:disconnect',
          null,
          async () => setAuthorized(false),
          () => null,
        ),
    }),
    'standard:events': Object.freeze({
      version: '1.0.0',
      on: (event: string, listener: ChangeListener) => {
        if (event !== 'change' || typeof listener !== 'function') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }),
    'solana:signMessage': Object.freeze({
      version: '1.1.0',
      signMessage: (...inputs: unknown[]) =>
        approvals.run(
          'solana:signMessage',
          inputs.map((input) => summariseInput(input)),
          async (prompt) => {
            const parsed = parse(SignMessageInputs, inputs)
            const keys = parsed.map((input) => keyFor(input.account.address))
            await prompt()
            return Promise.all(
              parsed.map(async (input, i) => ({
                signedMessage: input.message,
                signature: new Uint8Array(await keys[i]!.sign(input.message)),
                signatureType: 'ed25519' as const,
              })),
            )
          },
          (outputs) => outputs.map((o) => ({ signature: base58(o.signature) })),
        ),
    }),
    'solana:signTransaction': Object.freeze({
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      signTransaction: (...inputs: unknown[]) =>
        approvals.run(
          'solana:signTransaction',
          inputs.map((input) => summariseInput(input)),
          async (prompt) => {
            const parsed = parse(SignTransactionInputs, inputs)
            const keys = parsed.map((input) => keyFor(input.account.address))
            parsed.forEach((input) => checkChain(input.chain))
            await prompt()
            const outputs = []
            for (const [i, input] of parsed.entries()) outputs.push({ signedTransaction: await keys[i]!.signTransaction(input.transaction) })
            return outputs
          },
          (outputs) => outputs.map((o) => ({ signedTransaction: base64(o.signedTransaction) })),
        ),
    }),
    'solana:signAndSendTransaction': Object.freeze({
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      signAndSendTransaction: (...inputs: unknown[]) =>
        approvals.run(
          'solana:signAndSendTransaction',
          inputs.map((input) => summariseInput(input)),
          async (prompt) => {
            const parsed = parse(SignAndSendInputs, inputs)
            const keys = parsed.map((input) => keyFor(input.account.address))
            parsed.forEach((input) => checkChain(input.chain))
            await prompt()
            const outputs = []
            for (const [i, input] of parsed.entries()) {
              const signed = await keys[i]!.signTransaction(input.transaction)
              const signature = await sendTransaction(config.rpcUrl, base64(signed), input.options)
              outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
            }
            return outputs
          },
          (outputs) => outputs.map((o) => ({ signature: base58(o.signature) })),
        ),
    }),
  })

  const wallet: Wallet = Object.freeze({
    get version() {
      return '1.0.0' as const
    },
    get name() {
      return config.name
    },
    get icon() {
      return config.icon
    },
    get chains() {
      return config.chains.slice()
    },
    get features() {
      return features
    },
    get accounts() {
      return visibleAccounts()
    },
  })

  const handle: SolanaTestWalletHandle = {
    wallet,
    get requests() {
      return approvals.entries
    },
    get state() {
      return { authorized, accounts: current.map((k) => k.address), chains: config.chains.slice(), policy: approvals.policies }
    },
    setPolicy: (policy, methods) => approvals.setPolicy(policy, methods),
    clearLog: () => approvals.clear(),
    setAccounts(accounts) {
      if (!Array.isArray(accounts) || accounts.length === 0) throw new TypeError('setAccounts: expected a non-empty array')
      current = accounts.map((entry) => {
        const key = typeof entry === 'number' ? config.keys[entry] : config.keys.find((k) => k.address === entry)
        if (!key) throw new TypeError(`setAccounts: ${JSON.stringify(entry)} is not one of the wallet's secretKeys`)
        return key
      })
      if (authorized) emit({ accounts: visibleAccounts() })
    },
    emitChange(properties: ChangeProperty[] = ['accounts']) {
      emit({
        ...(properties.includes('accounts') ? { accounts: visibleAccounts() } : {}),
        ...(properties.includes('chains') ? { chains: config.chains.slice() } : {}),
        ...(properties.includes('features') ? { features } : {}),
      })
    },
    disconnect: () => setAuthorized(false),
    reset() {
      approvals.reset()
      current = config.initialAccounts.slice()
      setAuthorized(false)
    },
    unregister: () => unregisterAll(),
  }

  return { wallet, handle, setUnregister: (fn) => (unregisterAll = fn) }
}

/** A JSON-safe picture of one feature input for the request log. */
function summariseInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input ?? null
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (key === 'account' && typeof value === 'object' && value !== null && 'address' in value) out.account = value.address
    else if (value instanceof Uint8Array) {
      out[key] = base64(value)
      if (key === 'message') out.text = utf8(value)
    } else {
      try {
        out[key] = structuredClone(value)
      } catch {
        out[key] = String(value)
      }
    }
  }
  return out
}
