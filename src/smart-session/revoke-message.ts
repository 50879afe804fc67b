// What the account signs to revoke a permission at the co-signer (POST <base>/<address>/revoke,
// AppKit's CosignerService.revokePermissions body { pci, signature }). AppKit leaves the signed
// text to Reown's wallet service; Postern's reference co-signer checks an EIP-191 signature of this
// text by the account itself (ERC-1271 for a smart account), so neither the site's key nor the
// co-signer's own can revoke, and the signature names one permission of one account.
export function revokeMessage(chainId: number | string, address: string, pci: string): string {
  return `Revoke smart session permission ${pci}\nAccount: eip155:${Number(chainId)}:${address.toLowerCase()}`
}
