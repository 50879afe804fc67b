// The secure site's dashboard (AppKit's "Follow the instructions on" link from UpgradeEmailWallet):
// a first-party page on the origin that keeps the embedded session. It shows the account, reveals
// the key for an upgrade to a self-custodial wallet only after an explicit confirmation and a new
// e-mail code, protects the wallet with a passkey (the same proof first), and logs this browser or
// every session out. Keys are written with textContent only, never into a URL or the console.
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
  const sections = ['account', 'upgrade', 'passkey-section', 'logout-section']
  for (const id of sections) $(id).hidden = false
  const showPasskey = (on: boolean) => {
    $('add-passkey').hidden = on
    if (on) $('passkey-note').textContent = t('A passkey protects this wallet: a new device needs your e-mail code and your passkey.')
  }
  showPasskey(session.passkey)
  say('Logged in.')
  const failed = (err: unknown) => say(err instanceof Error ? err.message : 'Something went wrong')

  // Fresh proof before a key leaves the service or the wallet changes custody: an e-mail login types
  // a new code here (the login's own start and verify); a social or Farcaster login that is recent
  // enough stands as proof, else the auth service says to log in again.
  const prove = $<HTMLFormElement>('prove')
  const code = $<HTMLInputElement>('code')
  let proven: (() => Promise<void>) | undefined
  const proveThen = async (action: () => Promise<void>) => {
    if (social) return action().catch(failed)
    try {
      if ((await custody.connectEmail(session.email)).action !== 'VERIFY_OTP') return say('Approve this device from your e-mail first, then try again.')
    } catch (err) {
      return failed(err)
    }
    proven = action
    prove.hidden = false
    code.value = ''
    code.focus()
    say('We sent a code to your e-mail. Enter it to continue.')
  }
  prove.addEventListener('submit', async (event) => {
    event.preventDefault()
    const action = proven
    if (!action) return
    try {
      await custody.connectOtp(code.value.trim())
    } catch (err) {
      return failed(err)
    }
    proven = undefined
    prove.hidden = true
    await action().catch(failed)
  })

  const confirm = $<HTMLInputElement>('confirm')
  const reveal = $<HTMLButtonElement>('reveal')
  confirm.addEventListener('change', () => { reveal.disabled = !confirm.checked })
  reveal.addEventListener('click', () => {
    if (!confirm.checked) return
    void proveThen(async () => {
      showKeys(await custody.revealKeys())
      say('Your private keys are shown below. Hide them when you are done.')
    })
  })
  $('add-passkey').addEventListener('click', () => void proveThen(async () => {
    say('Follow your browser to create the passkey.')
    await custody.addPasskey($('who').textContent ?? '')
    showPasskey(true)
    say('A passkey protects this wallet: a new device needs your e-mail code and your passkey.')
  }))
  $('hide').addEventListener('click', () => {
    showKeys(undefined)
    confirm.checked = false
    reveal.disabled = true
    say('The keys are hidden.')
  })
  $('logout').addEventListener('click', async () => {
    showKeys(undefined)
    await custody.signOut()
    for (const id of sections) $(id).hidden = true
    say('You are logged out of this browser. Sites using this wallet will ask you to connect again.')
  })
  $('logout-everywhere').addEventListener('click', async () => {
    showKeys(undefined)
    try {
      await custody.signOutEverywhere()
    } catch (err) {
      return failed(err)
    }
    for (const id of sections) $(id).hidden = true
    say('You are logged out everywhere: every device and site using this wallet will ask you to log in again.')
  })
}

void main()
