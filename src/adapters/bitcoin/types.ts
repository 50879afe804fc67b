import type { Network } from '../../types'

// AppKit's Bitcoin types (@reown/appkit-utils/bitcoin and the adapter's own), with nothing heavy:
// the postern/bitcoin entry exports them.

/** AppKit's AddressPurpose (@reown/appkit-adapter-bitcoin). */
export enum AddressPurpose {
  Ordinal = 'ordinal',
  Payment = 'payment',
  Stacks = 'stx',
}

/** AppKit's mapSatsConnectAddressPurpose: sats-connect's purposes ('payment', 'ordinals', 'stx') as AddressPurpose. */
export function mapSatsConnectAddressPurpose(purpose: string): AddressPurpose | undefined {
  if (purpose === 'payment') return AddressPurpose.Payment
  if (purpose === 'ordinals') return AddressPurpose.Ordinal
  if (purpose === 'stx') return AddressPurpose.Stacks
  return undefined
}

/** AppKit's BitcoinConnector namespace types (@reown/appkit-utils/bitcoin). */
export declare namespace BitcoinConnector {
  type AccountAddress = { address: string; publicKey?: string; path?: string; purpose: AddressPurpose }
  type SignMessageParams = { message: string; address: string; protocol?: 'ecdsa' | 'bip322' }
  type SendTransferParams = { amount: string; recipient: string }
  type SignPSBTParams = {
    psbt: string
    signInputs: { address: string; index: number; sighashTypes: number[]; publicKey?: string; disableTweakSigner?: boolean; useTweakedSigner?: boolean }[]
    broadcast?: boolean
  }
  type SignPSBTResponse = { psbt: string; txid?: string }
}

/** AppKit's BitcoinConnector: the connector is its own provider (useAppKitProvider('bip122').walletProvider). */
export interface BitcoinConnector {
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  readonly explorerId?: string
  readonly type: 'ANNOUNCED' | 'WALLET_CONNECT'
  readonly chain: 'bip122'
  readonly chains: Network[]
  readonly provider: BitcoinConnector
  getAccountAddresses(): Promise<BitcoinConnector.AccountAddress[]>
  signMessage(params: BitcoinConnector.SignMessageParams): Promise<string>
  sendTransfer(params: BitcoinConnector.SendTransferParams): Promise<string>
  signPSBT(params: BitcoinConnector.SignPSBTParams): Promise<BitcoinConnector.SignPSBTResponse>
  switchNetwork(caipNetworkId: string): Promise<void>
  connect(): Promise<string>
  disconnect(): Promise<void>
  request<T>(args: { method: string; params?: unknown }): Promise<T>
  on(event: string, listener: (data: never) => void): void
  removeListener(event: string, listener: (data: never) => void): void
  emit(event: string, data?: unknown): void
}

/** AppKit's MethodNotSupportedError. */
export class MethodNotSupportedError extends Error {
  override name = 'MethodNotSupported'
  constructor(readonly walletId: string, readonly method: string) {
    super('Wallet call is not supported')
  }
}
