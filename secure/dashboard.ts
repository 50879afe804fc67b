// The secure site's dashboard (AppKit's "Follow the instructions on" link from UpgradeEmailWallet):
// a first-party page on the origin that keeps the embedded session. It shows the account, reveals
// the key for an upgrade to a self-custodial wallet only after an explicit confirmation, and logs
// this browser out. Keys are written with textContent only, never into a URL or the console.
import { readConfig } from './config'
import { createCustody, PROJECT_KEY, type Custody } from './custody'
import { farcasterLogin } from './farcaster'
import { localizeThisPage } from './i18n'

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
const status = $('status')
const t = localizeThisPage()
const say = (text: string) => { status.textContent = t(text) }

function start() {
  const config = readConfig()
  // The link names no project (only ?lang=): the project is the one the session was opened for.
  if (!new URLSearchParams(location.search).get('projectId')) {
    try { config.projectId = localStorage.getItem(PROJECT_KEY) ?? '' } catch { config.projectId = '' }
  }
  return { custody: createCustody(config), config }
}

function showKeys(keys: { evm: string; solana: string } | undefined) {
  $('evm-key').textContent = keys?.evm ?? ''
  $('solana-key').textContent = keys?.solana ?? ''
  $('keys').hidden = !keys
}

async function main() {
  let custody: Custody
  let config: ReturnType<typeof readConfig>
  try {
    ({ custody, config } = start())
  } catch {
    say('This secure site is not set up (config.js is missing).')
    return
  }
  // Without a project the auth service refuses, and restore() would drop the stored session.
  const session = config.projectId ? await custody.restore() : undefined
  if (!session) {
    say('No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.')
    return
  }
  const social = /^social:[a-z]+:(.+)$/.exec(session.email) ?? farcasterLogin(session.email, session.username)
  $('who').textContent = social ? social[1]! : session.email
  $('address').textContent = session.account.address
  $('solana-address').textContent = session.solana.address
  for (const id of ['account', 'upgrade', 'logout-section']) $(id).hidden = false
  say('Logged in.')

  const confirm = $<HTMLInputElement>('confirm')
  const reveal = $<HTMLButtonElement>('reveal')
  confirm.addEventListener('change', () => { reveal.disabled = !confirm.checked })
  reveal.addEventListener('click', async () => {
    if (!confirm.checked) return
    reveal.disabled = true
    try {
      showKeys(await custody.revealKeys())
      say('Your private keys are shown below. Hide them when you are done.')
    } catch (err) {
      say(err instanceof Error ? err.message : 'The keys could not be loaded.')
    } finally {
      reveal.disabled = !confirm.checked
    }
  })
  $('hide').addEventListener('click', () => {
    showKeys(undefined)
    confirm.checked = false
    reveal.disabled = true
    say('The keys are hidden.')
  })
  $('logout').addEventListener('click', async () => {
    showKeys(undefined)
    await custody.signOut()
    for (const id of ['account', 'upgrade', 'logout-section']) $(id).hidden = true
    say('You are logged out of this browser. Sites using this wallet will ask you to connect again.')
  })
}

void main()
