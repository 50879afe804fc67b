// Every message the views use exists in every locale, with its placeholders and plural forms; the
// locale option and the browser's language pick the nearest locale; t(), plural() and decimal() speak it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { messageConstants, usedKeys } from './keys'
import { SUPPORTED, matchLocale } from '../../src/i18n/load'
import { setLocale, t } from '../../src/ui/base'
import { decimal, plural } from '../../src/ui/format'
import { said } from '../../src/ui/said'
import { SEND_BUTTON, SEND_ERRORS } from '../../src/signals/send'
import { SWAP_ERRORS } from '../../src/signals/swap'
import { NAME_ERRORS } from '../../src/signals/names'
import { FETCH_TRANSACTIONS_FAILED } from '../../src/signals/history'
import type { Messages } from '../../src/i18n/types'
import { TOKEN_BALANCE_UNAVAILABLE } from '../../src/signals/balances'
import { NO_INTERNET } from '../../src/views/ConnectingWalletConnect'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'
import type { ChainAdapter } from '../../src/types'

/** Texts that reach t() from a variable (the spec's error texts): listed here, since no t('…') names them. */
const DYNAMIC = [
  TOKEN_BALANCE_UNAVAILABLE, NO_INTERNET, 'Proposal expired', 'Chain is not supported',
  // Toasts, sent by signals and lazy code in English and said by views/Toast through t().
  'Failed to disconnect', 'Signature declined', 'This application might not support Smart Accounts',
  'A problem occurred while trying initialize authentication', 'Session revoked', 'Failed to revoke the session',
  'Failed to sign out', 'Transaction sent', 'View on explorer', 'Approve limit increase in your wallet',
  'Confirm transaction in your wallet', 'Failed to open the provider',
]
const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter
const LOCALES = SUPPORTED.filter((l) => l !== 'en')
const catalogues = new Map<string, Messages>()
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const test = suite('i18n catalogue')
test.before(async () => {
  for (const lc of LOCALES) catalogues.set(lc, (await import(`../../src/i18n/locales/${lc}.ts`)).default)
})

test('behavior: the required locales exist, right-to-left Arabic among them', () => {
  for (const lc of ['en', 'de', 'es', 'fr', 'it', 'pt-BR', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar']) assert.ok(SUPPORTED.includes(lc), lc)
})

test('behavior: the message constants of signals and lazy code are found, a filled-in one in its placeholder form', () => {
  const found = messageConstants()
  const expected = [...Object.values(SEND_ERRORS), ...Object.values(SEND_BUTTON), ...Object.values(SWAP_ERRORS), ...Object.values(NAME_ERRORS), FETCH_TRANSACTIONS_FAILED]
    .map((m) => (typeof m == 'function' ? m(m === NAME_ERRORS.register ? '{name}' : '{chainId}') : m))
  for (const text of expected) assert.ok(found.has(text), `not found: ${text}`)
  assert.ok(found.has('Error registering name {name}'))
  assert.ok(!found.has('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee') && !found.has('https://api.web3modal.org'), 'codes and addresses are no messages')
})

test('behavior: every key used in src/, and every message constant, is in every locale', () => {
  const { keys } = usedKeys()
  assert.ok(keys.size > 100, `only ${keys.size} keys found: the scan is broken`)
  for (const [key, files] of messageConstants()) keys.set(key, [...(keys.get(key) ?? []), ...files])
  const all = new Set([...keys.keys(), ...DYNAMIC])
  for (const [lc, messages] of catalogues) {
    const missing = [...all].filter((k) => !(k in messages))
    assert.equal(missing, [], `${lc} lacks: ${missing.map((k) => `${k} (${keys.get(k)?.join(', ') ?? 'dynamic'})`).join('; ')}`)
  }
})

test('behavior: translations keep the placeholders, and plurals have every form the language needs', () => {
  for (const [lc, messages] of catalogues) {
    const categories = new Intl.PluralRules(lc).resolvedOptions().pluralCategories
    for (const [key, message] of Object.entries(messages)) {
      if (typeof message === 'string') {
        assert.ok(message.trim(), `${lc}: empty translation of ${key}`)
        assert.equal(placeholders(message), placeholders(key), `${lc}: ${key}`)
      } else {
        for (const c of categories) assert.ok(message[c] ?? message.other, `${lc}: ${key} lacks ${c}`)
        for (const form of Object.values(message)) for (const p of placeholders(form!)) assert.ok(placeholders(key).includes(p), `${lc}: ${key} form ${form}`)
      }
    }
  }
})

test('behavior: a locale tag is matched to the nearest supported one', () => {
  assert.is(matchLocale('de'), 'de')
  assert.is(matchLocale('de-AT'), 'de')
  assert.is(matchLocale('pt'), 'pt-BR')
  assert.is(matchLocale('pt_PT'), 'pt-BR')
  assert.is(matchLocale('zh-TW'), 'zh-CN')
  assert.is(matchLocale('ZH-cn'), 'zh-CN')
  assert.is(matchLocale('ar-EG'), 'ar')
  assert.is(matchLocale('en-GB'), 'en')
  assert.is(matchLocale('sw'), 'en')
})

test('behavior: t, plural and decimal speak the chosen locale; English is the identity', async () => {
  await setLocale('en-US')
  assert.is(t('Connect Wallet'), 'Connect Wallet')
  assert.is(t('Continue in {name}', { name: 'Alpha' }), 'Continue in Alpha')
  assert.is(plural(1, '{count} wallet found', '{count} wallets found'), '1 wallet found')
  assert.is(plural(1234, '{count} wallet found', '{count} wallets found'), '1,234 wallets found')
  assert.is(decimal('1234.500'), '1234.500')
  await setLocale('de-DE')
  assert.is(t('Connect Wallet'), 'Wallet verbinden')
  assert.is(t('Continue in {name}', { name: 'Alpha' }), 'Weiter in Alpha')
  assert.is(t('Alpha Wallet'), 'Alpha Wallet', 'a text that is no key (a wallet name) stays')
  assert.is(plural(1, '{count} wallet found', '{count} wallets found'), '1 Wallet gefunden')
  assert.is(plural(1234, '{count} wallet found', '{count} wallets found'), '1.234 Wallets gefunden')
  assert.is(decimal('1234.500'), '1.234,500')
  await setLocale('ru')
  assert.is(plural(3, '{count} wallet found', '{count} wallets found'), 'Найдено 3 кошелька')
  assert.is(plural(5, '{count} wallet found', '{count} wallets found'), 'Найдено 5 кошельков')
  await setLocale('ar')
  assert.is(plural(2, '{count} wallet found', '{count} wallets found'), 'تم العثور على محفظتين')
  await setLocale('xx')
  assert.is(t('Connect Wallet'), 'Connect Wallet', 'an unsupported language falls back to English')
})

test('behavior: said() speaks a message from signals, a filled-in one through its placeholder key; a reason the catalogue lacks stays', async () => {
  await setLocale('en')
  assert.is(said(NAME_ERRORS.register('alice.reown.id')), 'Error registering name alice.reown.id')
  await setLocale('de')
  assert.is(said(SWAP_ERRORS.INSUFFICIENT_BALANCE), t(SWAP_ERRORS.INSUFFICIENT_BALANCE))
  assert.is.not(said(SWAP_ERRORS.INSUFFICIENT_BALANCE), SWAP_ERRORS.INSUFFICIENT_BALANCE)
  const registered = said(NAME_ERRORS.register('alice.reown.id'))
  assert.ok(registered.includes('alice.reown.id') && registered !== NAME_ERRORS.register('alice.reown.id'), registered)
  assert.is(said(SEND_ERRORS.networkNotFound(8453)), t('Network with id "{chainId}" not found', { chainId: 8453 }))
  assert.is(said('Name is already taken'), 'Name is already taken')
  await setLocale('en')
})

test('behavior: the locale option reaches the modal (lang, dir, texts); without it the browser language', async () => {
  resetDom()
  await kitWith({ adapters: [adapter], locale: 'de' }).open()
  let h2 = await waitFor(() => modalRoot().querySelector('h2'), 'title')
  assert.is(h2.textContent, 'Wallet verbinden')
  assert.is(modalRoot().querySelector<HTMLElement>('.root')!.lang, 'de')
  assert.is(modalRoot().querySelector<HTMLElement>('.root')!.dir, '')
  const head = [...modalRoot().querySelectorAll('.head [aria-label]')].map((b) => b.getAttribute('aria-label'))
  assert.equal(head, ['Was ist eine Wallet?', 'Schließen'])

  resetDom()
  await kitWith({ adapters: [adapter], locale: 'ar' }).open()
  h2 = await waitFor(() => modalRoot().querySelector('h2'), 'title')
  assert.is(h2.textContent, 'ربط المحفظة')
  assert.is(modalRoot().querySelector<HTMLElement>('.root')!.dir, 'rtl')

  resetDom()
  assert.is(navigator.language.slice(0, 2), 'en')
  await kitWith({ adapters: [adapter] }).open()
  h2 = await waitFor(() => modalRoot().querySelector('h2'), 'title')
  assert.is(h2.textContent, 'Connect Wallet')
  assert.is(modalRoot().querySelector<HTMLElement>('.root')!.lang, 'en')
})

test.run()
