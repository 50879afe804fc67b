// Mails a one-time code through the configured SMTP server (nodemailer's SMTP transport).
import { HttpError } from '../http.ts'
import { smtpTransport } from './smtp.ts'
import type { EmailAuthConfig } from './config.ts'

/** `login`: a login code; `change`: a code confirming an e-mail change of the wallet. */
export async function mailCode(config: EmailAuthConfig, to: string, code: string, purpose: 'login' | 'change' = 'login'): Promise<void> {
  if (!config.smtp) throw new HttpError(503, 'email: no SMTP server configured')
  const transport = smtpTransport(config.smtp)
  try {
    await transport.sendMail({
      from: config.from,
      to,
      subject: purpose === 'login' ? `Your login code: ${code}` : `Your code to change your wallet's e-mail: ${code}`,
      text: `${purpose === 'login' ? 'Your Postern login code' : 'The code to confirm the change of your Postern wallet\'s e-mail'} is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, ignore this message.\n`,
    })
  } finally {
    transport.close()
  }
}

/** The device-verification link: opening it approves this browser, then a login code follows. */
export async function mailDeviceLink(config: EmailAuthConfig, to: string, link: string): Promise<void> {
  if (!config.smtp) throw new HttpError(503, 'email: no SMTP server configured')
  const transport = smtpTransport(config.smtp)
  try {
    await transport.sendMail({
      from: config.from,
      to,
      subject: 'Approve this device to log in',
      text: `Someone is logging in to your Postern wallet from a new device. If it is you, open this link to approve it:\n\n${link}\n\nThe link expires in 20 minutes. If it was not you, ignore this message.\n`,
    })
  } finally {
    transport.close()
  }
}
