/** SPEC section 9: the eip155 chains swaps run on (apart, so the Account view's buttons take nothing else). */
export const SWAP_CHAIN_IDS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]
