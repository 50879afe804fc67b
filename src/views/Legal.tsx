import type { Store } from '../signals/store'

type Links = { terms?: string; privacy?: string }

function LinkText({ terms, privacy, lower }: Links & { lower?: boolean }) {
  const t = lower ? 'terms of service' : 'Terms of Service'
  const p = lower ? 'privacy policy' : 'Privacy Policy'
  return (
    <>
      {terms && <a href={terms} target="_blank" rel="noreferrer">{t}</a>}
      {terms && privacy && ' and '}
      {privacy && <a href={privacy} target="_blank" rel="noreferrer">{p}</a>}
    </>
  )
}

/** AppKit's legal footer: shown under the wallets when a terms or privacy URL is set and no checkbox is asked for. */
export function LegalFooter({ store }: { store: Store }) {
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy, features } = store.options
  if ((!terms && !privacy) || features.legalCheckbox) return null
  return <p class="muted" style="text-align:center;font-size:12px;margin:8px 0 0">By connecting your wallet, you agree to our <LinkText terms={terms} privacy={privacy} /></p>
}

/** features.legalCheckbox: the wallets stay disabled until the visitor ticks this (AppKit's w3m-legal-checkbox). */
export function LegalCheckbox({ store }: { store: Store }) {
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = store.options
  const accepted = store.modal.legalAccepted
  return (
    <label class="item" style="cursor:pointer;font-size:13px">
      <input type="checkbox" checked={accepted.value} onChange={(e) => (accepted.value = (e.target as HTMLInputElement).checked)} />
      <span>I agree to our <LinkText terms={terms} privacy={privacy} lower /></span>
    </label>
  )
}
