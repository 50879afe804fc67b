// The device approval page the sign-in e-mail links to, on the secure origin: spends the link's
// token at the auth service; the waiting login then gets its code. In the browser's language
// (or ?lang=); text only, never markup. The service's answer is validated before use.
import * as v from 'valibot'
import { localizeThisPage } from './i18n'

const Reply = v.object({ email: v.optional(v.string()), reason: v.optional(v.string()) })

const query = new URLSearchParams(location.search)
const t = localizeThisPage()
const status = document.getElementById('status')!
const config = (window as { POSTERN_SECURE_CONFIG?: { authUrl?: unknown } }).POSTERN_SECURE_CONFIG ?? {}

async function approve(): Promise<string> {
  const url = `${String(config.authUrl).replace(/\/$/, '')}/auth/v1/device/approve?projectId=${encodeURIComponent(query.get('projectId') ?? '')}&st=postern&sv=secure`
  let res: Response
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: query.get('token') ?? '' }) })
  } catch {
    return t('The approval could not reach the server. Try the link again.')
  }
  const reply = v.safeParse(Reply, await res.json().catch(() => undefined))
  const { email, reason } = reply.success ? reply.output : {}
  if (res.ok && email) return t('This device is approved. Go back to the site: a login code is on its way to {email}.').replace('{email}', email)
  return t(reason || 'This link could not be used.')
}

void approve().then((text) => { status.textContent = text })
