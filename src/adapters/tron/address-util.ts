/** AppKit's TronAddressUtil (@reown/appkit-adapter-tron/utils): the shape check only, as AppKit's. */
export const TronAddressUtil = {
  /** A valid TRON Base58Check address starts with 'T' and is 34 characters long. */
  isValidAddress(address: string): boolean {
    return typeof address === 'string' && /^T[1-9A-HJ-NP-Za-km-z]{33}$/u.test(address)
  },
}
