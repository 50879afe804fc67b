// The local inbox outlives its clients: one that drops its connection in the middle of a message
// (a server killed while it mails, as the failover test does) leaves it running and receiving.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { connect } from 'node:net'
import { createTransport } from 'nodemailer'
import { startMailServer } from '../../../dev/mail/index.ts'

test('behavior: a connection reset in the middle of a message does not end the inbox; the next message arrives', async () => {
  const mail = await startMailServer()
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(mail.smtp.port, mail.smtp.host)
      socket.on('error', reject)
      let said = 0
      socket.on('data', () => {
        const next = ['EHLO dying.example\r\n', 'MAIL FROM:<a@dying.example>\r\n', 'RCPT TO:<b@example.com>\r\n', 'DATA\r\n'][said++]
        if (next) return socket.write(next)
        // In the middle of the body, the client is gone: a reset, not a close.
        socket.write('Subject: half\r\n\r\nhalf a mess')
        setTimeout(() => (socket.resetAndDestroy(), resolve()), 50)
      })
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const transport = createTransport({ host: mail.smtp.host, port: mail.smtp.port, secure: false, ignoreTLS: true })
    await transport.sendMail({ from: 'a@example.com', to: 'c@example.com', subject: 'Your login code: 123456', text: 'x' })
    transport.close()
    assert.equal(mail.messages.map((m) => [m.to, m.subject]), [[['c@example.com'], 'Your login code: 123456']])
  } finally {
    await mail.stop()
  }
})

test.run()
