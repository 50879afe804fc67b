// The secure site's pages in the modal's languages: every locale translates exactly the texts the
// dashboard and the device approval page show (their [data-t] elements and titles, what they say
// in #status and the errors the dashboard passes on), ?lang= wins over the browser's languages, and the page is put in its language
// (lang, right to left for Arabic) without losing the controls inside a translated label.
import { readFileSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { localizePage, pageLocale, SECURE_LOCALES, SECURE_MESSAGES, translator } from '../../secure/i18n.ts'
import { SUPPORTED } from '../../src/i18n/load.ts'

const test = suite('secure site i18n')
const read = (file: string) => readFileSync(new URL(`../../secure/${file}`, import.meta.url), 'utf8')
const html = read('dashboard.html')

/** The English keys the secure site's pages show: the dashboard and the device approval page. */
function pageKeys(): Set<string> {
  const keys = new Set<string>()
  for (const page of ['dashboard.html', 'device.html']) {
    const text = read(page)
    keys.add(/<title>([^<]+)<\/title>/.exec(text)![1]!)
    for (const m of text.matchAll(/<(\w+)[^>]*\bdata-t\b[^>]*>([^<]+)<\/\1>/g)) keys.add(m[2]!.trim())
  }
  for (const m of read('dashboard.ts').matchAll(/say\('((?:[^'\\]|\\.)+)'/g)) keys.add(m[1]!)
  for (const m of read('dashboard.ts').matchAll(/: '((?:[^'\\]|\\.)+)'\)/g)) keys.add(m[1]!)
  for (const m of read('device.ts').matchAll(/\bt\((?:reason \|\| )?'((?:[^'\\]|\\.)+)'\)/g)) keys.add(m[1]!)
  for (const file of ['custody.ts', 'auth-call.ts', 'passkey.ts']) for (const m of read(file).matchAll(/AuthError\(('([^']+)'|.*\?\? '([^']+)'\)\))/g)) keys.add((m[2] ?? m[3])!)
  return keys
}

test('behavior: the secure site speaks every language the modal does', () => {
  assert.equal([...SECURE_LOCALES].sort(), [...SUPPORTED].sort())
})

test('behavior: every locale translates exactly the pages\' texts, each into something of its own, keeping {placeholders}', () => {
  const keys = pageKeys()
  assert.ok(keys.size >= 30, `found ${keys.size} keys`)
  for (const [lc, messages] of Object.entries(SECURE_MESSAGES)) {
    assert.equal(Object.keys(messages).sort(), [...keys].sort(), lc)
    for (const [key, text] of Object.entries(messages)) {
      assert.ok(typeof text === 'string' && text.trim() !== '', `${lc}: ${key}`)
      // Names and formats stay as they are; sentences do not stay English.
      if (/\s/.test(key) && !/^(EVM|Solana) /.test(key)) assert.not.equal(text, key, `${lc}: ${key}`)
      for (const placeholder of key.match(/\{\w+\}/g) ?? []) assert.ok((text as string).includes(placeholder), `${lc}: ${key} keeps ${placeholder}`)
    }
  }
})

test('behavior: ?lang= wins; else the first of the browser\'s languages that is supported; else English', () => {
  assert.is(pageLocale('de', ['fr-FR']), 'de')
  assert.is(pageLocale('pt-PT', []), 'pt-BR')
  assert.is(pageLocale(null, ['xx', 'ja-JP', 'de']), 'ja')
  assert.is(pageLocale('xx', ['zh-TW']), 'zh-CN')
  assert.is(pageLocale('en', ['de']), 'en')
  assert.is(pageLocale(null, ['en-GB', 'de']), 'en')
  assert.is(pageLocale(null, ['xx-YY']), 'en')
  assert.is(pageLocale(null, []), 'en')
})

test('behavior: an unknown key stays English', () => {
  assert.is(translator('de')('The relay answered 503'), 'The relay answered 503')
  assert.is(translator('de')('Something went wrong'), 'Etwas ist schiefgelaufen')
})

test('behavior: the page is put in its language: title, texts, lang and direction; the checkbox stays', () => {
  document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html[^>]*>/i, '').replace(/<\/html>\s*$/, '').replace(/<(link|script)\b[^>]*>(<\/script>)?/g, '')
  const t = localizePage(document, 'de')
  assert.is(document.documentElement.lang, 'de')
  assert.is(document.documentElement.dir, 'ltr')
  assert.is(document.title, 'Deine eingebettete Wallet')
  assert.is(document.querySelector('h1')!.textContent, 'Deine eingebettete Wallet')
  const label = document.querySelector('label.confirm')!
  assert.ok(label.querySelector('input#confirm'), 'the checkbox is still in its label')
  assert.match(label.textContent!, 'Ich verstehe')
  assert.is(t('Logged in.'), 'Angemeldet.')
  assert.not.match(document.body.textContent!, /Reveal my private keys|Log out of this browser/)

  localizePage(document, 'ar')
  assert.is(document.documentElement.dir, 'rtl')
  assert.is(document.querySelector('#address')!.getAttribute('dir'), 'ltr', 'addresses stay left to right')
})

test.run()
