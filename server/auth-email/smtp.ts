// The SMTP transport codes and links go out through: STARTTLS required (a code read on the wire
// is a login), unless the server is declared a development one (the local stack's inbox).
import { createTransport, type Transporter } from 'nodemailer'

export interface SmtpOptions {
  host: string
  port: number
  /** A development server on this machine: plain SMTP allowed. Otherwise the transport insists on TLS. */
  dev?: boolean
}

export function smtpTransport(smtp: SmtpOptions): Transporter {
  if (smtp.dev) return createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true })
  // Port 465 speaks TLS from the start; any other must upgrade with STARTTLS or nothing is sent.
  return createTransport({ host: smtp.host, port: smtp.port, secure: smtp.port === 465, requireTLS: true })
}
