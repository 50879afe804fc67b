// Mails a one-time code through the configured SMTP server (nodemailer's SMTP transport).
import { createTransport } from 'nodemailer'
import type { EmailAuthConfig } from './config.ts'

export async function mailCode(config: EmailAuthConfig, to: string, code: string): Promise<void> {
  if (!config.smtp) throw new Error('emailAuth: no SMTP server configured')
  const transport = createTransport({ host: config.smtp.host, port: config.smtp.port, secure: false, ignoreTLS: true })
  try {
    await transport.sendMail({
      from: config.from,
      to,
      subject: `Your login code: ${code}`,
      text: `Your Postern login code is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, ignore this message.\n`,
    })
  } finally {
    transport.close()
  }
}
