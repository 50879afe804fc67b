import type { Wallet } from '@wallet-standard/base'
import type { Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { MethodNotSupportedError, type AddressPurpose, type BitcoinConnector } from './types'
import { providerEvents } from './events'
import { params, SendTransferParams, SignMessageParams, SignPsbtParams } from './schemas'

export type { BitcoinConnector }
import { callWallet, requireFeature } from '../solana/standard'
import { servesNetwork, walletChainFor } from '../../utils/bitcoin-chains'
import { broadcast, getFeeRate, getUtxos } from '../../utils/esplora'
import {
  fromBase64,
  purposeOf,
  SignMessageOutput,
  SignTransactionOutput,
  toBase64,
  toHex,
  type BitcoinSignMessageFeature,
  type BitcoinSignTransactionFeature,
  type BitcoinWalletAccount,
} from './standard'

export interface BitcoinSession {
  accounts: BitcoinWalletAccount[]
  network: Network
}

export interface ProviderHooks {
  session(): BitcoinSession | undefined
  /** The site's Bitcoin networks. */
  requested(): Network[]
  /** The Esplora API of a network (the site's endpoint for it). */
  esplora(network: Network): string
  connect(): Promise<string>
  disconnect(): Promise<void>
  switchNetwork(network: Network): Promise<void>
}

/** A Wallet Standard Bitcoin wallet as AppKit's WalletStandardConnector, over the adapter's session. */
export function createBitcoinProvider(wallet: Wallet, explorerId: string | undefined, hooks: ProviderHooks): BitcoinConnector {
  const live = () => {
    const current = hooks.session()
    if (!current) throw new PosternError('No ActiveCaipAddress found', 'NO_ACCOUNT')
    return current
  }
  const accountOf = (address: string) => {
    const account = live().accounts.find((a) => a.address === address)
    if (!account) throw new PosternError('Account not found', 'ACCOUNT_NOT_FOUND')
    return account
  }
  const sign = async (psbt: Uint8Array, inputsToSign: { account: BitcoinWalletAccount; signingIndexes: number[] }[]) => {
    const feature = requireFeature<BitcoinSignTransactionFeature>(wallet, 'bitcoin:signTransaction')
    const chain = walletChainFor(live().network)
    const [output] = await callWallet(() => feature.signTransaction({ psbt, inputsToSign, chain }), SignTransactionOutput, 'Sign transaction failed')
    return new Uint8Array(output!.signedPsbt)
  }
  const provider: BitcoinConnector = {
    get id() { return wallet.name },
    get name() { return wallet.name },
    get imageUrl() { return wallet.icon },
    explorerId,
    type: 'ANNOUNCED',
    chain: 'bip122',
    get chains() { return hooks.requested().filter((n) => servesNetwork(wallet.chains, n)) },
    get provider() { return provider },
    connect: () => hooks.connect(),
    disconnect: () => hooks.disconnect(),
    async getAccountAddresses() {
      return live().accounts.map((a) => ({ address: a.address, purpose: purposeOf(a) as AddressPurpose, publicKey: toHex(a.publicKey) }))
    },
    async signMessage(input) {
      const { message, address } = params(SignMessageParams, input, 'signMessage')
      const account = accountOf(address)
      const feature = requireFeature<BitcoinSignMessageFeature>(wallet, 'bitcoin:signMessage')
      const [output] = await callWallet(() => feature.signMessage({ account, message: new TextEncoder().encode(message) }), SignMessageOutput, 'Sign message failed')
      return toBase64(output!.signature)
    },
    async signPSBT(input) {
      const p = params(SignPsbtParams, input, 'signPSBT')
      let psbt: Uint8Array
      try {
        psbt = fromBase64(p.psbt)
      } catch {
        throw new PosternError('signPSBT: psbt must be base64', -32602)
      }
      const byAccount = new Map<BitcoinWalletAccount, number[]>()
      for (const { address, index } of p.signInputs) {
        const account = accountOf(address)
        byAccount.set(account, [...(byAccount.get(account) ?? []), index])
      }
      const signed = await sign(psbt, [...byAccount].map(([account, signingIndexes]) => ({ account, signingIndexes })))
      if (!p.broadcast) return { psbt: toBase64(signed), txid: undefined }
      const { extract } = await import('../../lazy/bitcoin/index')
      const { hex } = extract(signed)
      return { psbt: toBase64(signed), txid: await broadcast(hooks.esplora(live().network), hex) }
    },
    async sendTransfer(input) {
      const { amount, recipient } = params(SendTransferParams, input, 'sendTransfer')
      const { accounts, network } = live()
      const payer = accounts[0]!
      const base = hooks.esplora(network)
      const [lib, utxos, feeRate] = await Promise.all([import('../../lazy/bitcoin/index'), getUtxos(base, payer.address), getFeeRate(base)])
      const { psbt, inputs } = lib.buildTransfer({ network, utxos, from: payer.address, publicKey: new Uint8Array(payer.publicKey), to: recipient, amount: BigInt(amount), feeRate })
      const signed = await sign(psbt, [{ account: payer, signingIndexes: inputs }])
      return broadcast(base, lib.extract(signed).hex)
    },
    async switchNetwork(caipNetworkId) {
      const network = hooks.requested().find((n) => n.caipNetworkId === caipNetworkId)
      if (!network) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
      // The adapter asks the wallet (bitcoin:switchNetwork) and takes its accounts there.
      await hooks.switchNetwork(network)
    },
    request: () => Promise.reject(new MethodNotSupportedError(wallet.name, 'request')),
    ...providerEvents(),
  }
  return provider
}
