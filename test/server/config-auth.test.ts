import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { emailAuthFromEnv, FARCASTER_ID_REGISTRY } from '../../server/config-auth.ts'

const test = suite('server config: the embedded wallet from the environment')
const KEY = 'ab'.repeat(32)

test('behavior: no wrapping key is refused, naming both ways to give one', () => {
  assert.throws(() => emailAuthFromEnv({}), /^SHARE_KEY or SHARE_KEY_FILE: .*required/)
  assert.throws(() => emailAuthFromEnv({ SMTP_HOST: 'mail.example' }), /^SHARE_KEY or SHARE_KEY_FILE/)
})

test('behavior: a malformed variable is refused naming it', () => {
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: 'abcd' }), /^SHARE_KEY: must be 64 hex digits/)
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_PORT: 'smtp' }), /^SMTP_PORT: must be a port number/)
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: KEY, OIDC_ISSUER: 'not a url' }), /^OIDC_ISSUER: must be a URL/)
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: KEY, OP_MAINNET_RPC_URL: 'https://op.example', FARCASTER_ID_REGISTRY: '0x12' }), /^FARCASTER_ID_REGISTRY: must be 0x/)
})

test('the key, SMTP, sender, OpenID provider and Farcaster settings become the auth options', () => {
  assert.equal(emailAuthFromEnv({ SHARE_KEY: KEY }), { shareKey: KEY, oidcIssuer: undefined, farcasterRelay: undefined })
  assert.equal(emailAuthFromEnv({
    SHARE_KEY_FILE: '/etc/postern/share.key', SMTP_HOST: 'mail.example', MAIL_FROM: 'Shop <login@shop.example>',
    OIDC_ISSUER: 'https://id.example', FARCASTER_RELAY_URL: 'https://relay.example', OP_MAINNET_RPC_URL: 'https://op.example',
  }), {
    shareKeyFile: '/etc/postern/share.key', smtp: { host: 'mail.example', port: 587 }, from: 'Shop <login@shop.example>',
    oidcIssuer: 'https://id.example', farcasterRelay: 'https://relay.example', farcasterIdRegistry: { rpcUrl: 'https://op.example', address: FARCASTER_ID_REGISTRY },
  })
  assert.is(emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_HOST: 'mail.example', SMTP_PORT: '465' }).smtp?.port, 465)
})

test('behavior: SMTP_TLS=off (plain SMTP) is allowed only to a mail server on this machine', () => {
  assert.equal(emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525', SMTP_TLS: 'off' }).smtp, { host: '127.0.0.1', port: 2525, dev: true })
  assert.equal(emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_HOST: 'localhost', SMTP_TLS: 'required' }).smtp, { host: 'localhost', port: 587 })
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_HOST: 'mail.example', SMTP_TLS: 'off' }), /^SMTP_TLS: off is allowed only for a mail server on this machine/)
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_TLS: 'off' }), /^SMTP_TLS: off is allowed only/)
  assert.throws(() => emailAuthFromEnv({ SHARE_KEY: KEY, SMTP_HOST: '127.0.0.1', SMTP_TLS: 'no' }), /^SMTP_TLS: must be required or off/)
})

test.run()
