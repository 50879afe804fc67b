// postern/ethers5: AppKit 1.8's @reown/appkit-adapter-ethers5 under its name. ethers v5 is the
// site's own (an optional peer dependency); nothing here is in the loader.
import { EthersAdapterBase } from './ethers/adapter'

export class Ethers5Adapter extends EthersAdapterBase {
  constructor() {
    super('ethers5')
  }
}
export type { Address, Metadata, Provider, ProviderType, RequestArguments } from './ethers/adapter'
