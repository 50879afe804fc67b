import type { Store } from '../signals/store'
import { t } from '../ui/base'

type Links = { terms?: string; privacy?: string }

function LinkText({ terms, privacy, lower }: Links & { lower?: boolean }) {
  const tos = lower ? t('terms of service') : t('Terms of Service')
  const pp = lower ? t('privacy policy') : t('Privacy Policy')
  return (
    <>
      {terms && <a href={terms} target="_blank" rel="noreferrer">{tos}</a>}
      {terms && privacy && ` ${t('and')} `}
      {privacy && <a href={privacy} target="_blank" rel="noreferrer">{pp}</a>}
    </>
  )
}

/** A sentence with the links in place of {links}: each language puts them where its grammar wants. */
function Sentence({ text, ...links }: Links & { text: string; lower?: boolean }) {
  const [before, after] = text.split('{links}')
  return <>{before}<LinkText {...links} />{after}</>
}

/** AppKit's legal footer: shown under the wallets when a terms or privacy URL is set and no checkbox is asked for. */
export function LegalFooter({ store }: { store: Store }) {
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy, features } = store.options
  if ((!terms && !privacy) || features.legalCheckbox) return null
  return <p class="muted" style="text-align:center;font-size:calc(var(--fs)*1.2);margin:8px 0 0"><Sentence text={t('By connecting your wallet, you agree to our {links}')} terms={terms} privacy={privacy} /></p>
}

/** features.legalCheckbox: the wallets stay disabled until the visitor ticks this (AppKit's w3m-legal-checkbox). */
export function LegalCheckbox({ store }: { store: Store }) {
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = store.options
  const accepted = store.modal.legalAccepted
  return (
    <label class="item" style="cursor:pointer;font-size:calc(var(--fs)*1.3)">
      <input type="checkbox" checked={accepted.value} onChange={(e) => (accepted.value = (e.target as HTMLInputElement).checked)} />
      <span><Sentence text={t('I agree to our {links}')} terms={terms} privacy={privacy} lower /></span>
    </label>
  )
}
