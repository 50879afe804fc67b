// UpgradeEmailWallet in happy-dom, opened by name as open({ view }) does: AppKit's texts and the
// secure site's dashboard link (naming the modal's locale), https or loopback http only, in a new
// tab without an opener.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, modalRoot, resetDom, waitFor } from '../../render'

const test = suite('lazy/email/upgrade: UpgradeEmailWallet')
test.before.each(resetDom)

const link = () => modalRoot().querySelector<HTMLAnchorElement>('[data-testid=w3m-secure-website-button]')
const view = () => modalRoot().querySelector('[data-testid=w3m-upgrade-wallet]')

test('behavior: the dashboard of an https secure site, with the texts', async () => {
  const kit = kitWith({ secureSiteUrl: 'https://secure.example.com/' } as never)
  await kit.open({ view: 'UpgradeEmailWallet' } as never)
  const a = await waitFor(link, 'the dashboard link')
  assert.is(a.getAttribute('href'), 'https://secure.example.com/dashboard.html?lang=en')
  assert.is(a.getAttribute('target'), '_blank')
  assert.is(a.getAttribute('rel'), 'noopener')
  assert.match(a.textContent!, 'secure.example.com/dashboard.html')
  assert.match(view()!.textContent!, 'Follow the instructions on')
  assert.match(view()!.textContent!, 'You will have to reconnect for security reasons')
  kit.close?.()
})

test('behavior: the link names the modal\'s locale, which the dashboard then speaks', async () => {
  const kit = kitWith({ secureSiteUrl: 'https://secure.example.com', locale: 'pt-PT' } as never)
  await kit.open({ view: 'UpgradeEmailWallet' } as never)
  assert.is((await waitFor(link, 'the dashboard link')).getAttribute('href'), 'https://secure.example.com/dashboard.html?lang=pt-BR')
  kit.close?.()
})

test('behavior: a plain-http secure site off loopback is not linked', async () => {
  const kit = kitWith({ secureSiteUrl: 'http://secure.example.com' } as never)
  await kit.open({ view: 'UpgradeEmailWallet' } as never)
  await waitFor(view, 'the view')
  assert.is(link(), null)
  kit.close?.()
})

test.run()
