// E-mail code logins as the secure frame starts them (a new address on a new device gets its code
// at once), the codes caught by a local inbox, and their redemption on a server of choice.
import type { MailServer } from '../dev/mail/index.ts'
import { loginSecret, newDeviceId } from '../test/server/login-secret.ts'
import { PROJECT, SITE } from './server-writes.ts'
import { randomBytes } from 'node:crypto'

/** A code the service acknowledged mailing, with what its redemption must show. */
export interface MailedCode {
  email: string
  otp: string
  deviceId: string
  secret: string
}

export const emailStartPath = `/auth/v1/email/start?projectId=${PROJECT}`
const emailVerifyPath = `/auth/v1/email/verify?projectId=${PROJECT}`
/** The secure site's origin stands for the frame: an allowed loopback origin of the default configuration. */
export const codeHeaders = { 'content-type': 'application/json', origin: SITE }

/** The variables that point a server process at the local inbox (plain SMTP: it is on this machine). */
export const mailEnv = (mail: MailServer) => ({ SMTP_HOST: mail.smtp.host, SMTP_PORT: String(mail.smtp.port), SMTP_TLS: 'off' })

/** A first login's start: its body, and what the redemption will need. */
export function emailStart(): { body: string; pending: Omit<MailedCode, 'otp'> } {
  const email = `load-${randomBytes(6).toString('hex')}@example.com`
  const deviceId = newDeviceId()
  const { secret, secretHash } = loginSecret()
  return { body: JSON.stringify({ email, deviceId, secretHash }), pending: { email, deviceId, secret } }
}

/** The code the inbox holds for `email` (the service answers only once the inbox took the message). */
export function codeIn(mail: MailServer, email: string): string | undefined {
  const message = mail.messages.find((m) => m.to.includes(email))
  return /\b(\d{6})\b/.exec(message?.subject ?? '')?.[1]
}

/** Redeems each code at `url`; the ones refused, named with the answer. */
export async function unredeemable(url: string, codes: MailedCode[]): Promise<string[]> {
  const refused: string[] = []
  for (let i = 0; i < codes.length; i += 16) {
    await Promise.all(codes.slice(i, i + 16).map(async (c) => {
      const body = JSON.stringify({ email: c.email, otp: c.otp, deviceId: c.deviceId, secret: c.secret })
      const res = await fetch(url + emailVerifyPath, { method: 'POST', headers: codeHeaders, body })
      const text = await res.text()
      if (!res.ok || (JSON.parse(text) as { email?: string }).email !== c.email) refused.push(`code for ${c.email}: ${res.status} ${text.slice(0, 200)}`)
    }))
  }
  return refused
}
