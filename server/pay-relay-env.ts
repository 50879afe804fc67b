// How the relayer reads chains and pays, from the environment (each optional; the defaults suit
// most public nodes): PAY_RELAY_MAX_BLOCK_RANGE (blocks per log query, 1,000), PAY_RELAY_REORG_BLOCKS
// (blocks read again on every look, 12), PAY_RELAY_CONFIRMATIONS (blocks on top of a deposit
// before it counts, 0) and PAY_RELAY_PAYOUT_ATTEMPTS (payouts tried before a quote fails and is
// refunded, 3).
export interface PayRelayChainSettings {
  maxBlockRange?: number
  reorgBlocks?: number
  confirmations?: number
  payoutAttempts?: number
}

const SETTINGS = [
  ['PAY_RELAY_MAX_BLOCK_RANGE', 'maxBlockRange', 1, 1_000_000, 'blocks'],
  ['PAY_RELAY_REORG_BLOCKS', 'reorgBlocks', 0, 10_000, 'blocks'],
  ['PAY_RELAY_CONFIRMATIONS', 'confirmations', 0, 10_000, 'blocks'],
  ['PAY_RELAY_PAYOUT_ATTEMPTS', 'payoutAttempts', 1, 10, 'attempts'],
] as const

/** The settings set in `env` (those unset are left out); throws naming the variable when one is bad. */
export function relayChainSettingsFromEnv(env: Record<string, string | undefined>): PayRelayChainSettings {
  const settings: PayRelayChainSettings = {}
  for (const [name, field, min, max, unit] of SETTINGS) {
    const text = env[name]
    if (text === undefined || text === '') continue
    const n = /^\d{1,7}$/.test(text) ? Number(text) : NaN
    if (!(n >= min && n <= max)) throw new Error(`${name}: must be a whole number of ${unit} from ${min} to ${max.toLocaleString('en')}`)
    settings[field] = n
  }
  return settings
}
