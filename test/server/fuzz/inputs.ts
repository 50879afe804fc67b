// Hostile input for the API fuzz test (fast-check arbitraries): wrong types, huge strings, unicode,
// deep JSON, missing and extra fields, malformed encodings and query strings.
import fc from 'fast-check'

/** Field names the routes read (path, query and body), so generated requests reach past the first check. */
export const FIELDS = [
  'projectId', 'st', 'sv', 'address', 'addresses', 'amount', 'apiVersion', 'assets', 'attributes', 'blockchains', 'chainId', 'chains',
  'code', 'codeVerifier', 'coin_type', 'currency', 'cursor', 'data', 'defaultExperience', 'defaultNetwork', 'destinationWallets',
  'deviceId', 'email', 'entries', 'event', 'eventId', 'exclude', 'fid', 'from', 'gasPrice', 'include', 'limit', 'message', 'name',
  'network', 'nonce', 'otp', 'page', 'partnerUserId', 'paymentCurrency', 'pci', 'permit', 'presetCryptoAmount', 'presetFiatAmount',
  'props', 'provider', 'purchaseCurrency', 'redirectUri', 'redirectUrl', 'search', 'sender', 'signature', 'state', 'timestamp', 'to',
  'token', 'transaction', 'type', 'url', 'userAddress', 'domain', 'channelToken', 'authShare', 'recoveryShare', 'zone', 'badge_type',
] as const

/** Strings a careless parser trips on. */
const nasty = fc.constantFrom(
  '', ' ', '0x', '0x' + 'f'.repeat(40), '0xZZ', '-1', '1e309', 'NaN', 'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor',
  'eip155:1', 'eip155:', 'solana:', 'eip155:99999999999999999999', '../../etc/passwd', '%', '%zz', '%00', '\u0000', '\ud800', '\u202e',
  'a'.repeat(5000), '9'.repeat(400), 'http://127.0.0.1:abc', 'javascript:alert(1)', '<script>', "' OR 1=1 --", '${x}', '\r\n\r\n',
  'test', 'postern-demo', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'USDC', 'ETH', 'ethereum',
)
export const hostileString = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)),
)

/** Any JSON value, deep ones included. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2), fc.constant(-0)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }),
  ),
})).value

/** An object of known fields (some missing, some extra) with hostile values. */
export const hostileObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), jsonValue, { maxKeys: 8 })

/** Nesting of arrays and objects, up to far deeper than any request needs. */
const deepJson = fc.nat({ max: 20_000 }).map((n) => `${'[{"a":'.repeat(n)}1${'}]'.repeat(n)}`)

/** A POST body as bytes: JSON of any shape, malformed JSON, invalid UTF-8, or nothing. */
export const hostileBody: fc.Arbitrary<Uint8Array | string | undefined> = fc.oneof(
  hostileObject.map((o) => JSON.stringify(o)),
  jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
  deepJson,
  fc.constantFrom('{', '{"a":', '[1,]', '{"a":1}}', 'nul', '\ufeff{}', '{"__proto__":{"x":1}}', '"\\ud800"', '1'.repeat(400)),
  fc.uint8Array({ maxLength: 64 }).map((b) => Uint8Array.from([0x7b, 0x22, ...b, 0xff, 0xfe, 0x22, 0x7d])),
  fc.constant(undefined),
)

/** Percent-encoding of any string (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'))

/** A query string: known and unknown keys, repeated keys, malformed percent-encoding. */
export const hostileQuery = fc.tuple(
  fc.oneof({ weight: 4, arbitrary: fc.constant('projectId=test') }, { weight: 1, arbitrary: fc.constantFrom('', 'projectId=', 'projectId=nobody', 'projectId=%zz', 'projectId=test&projectId=other') }),
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 6 })), hostileString), { maxLength: 5 }),
  fc.constantFrom('', '&%', '&a=%E0%A4%A', '&=', '&&&', '&x=%FF%FE', '#frag'),
).map(([project, pairs, tail]) => [project, ...pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`)].filter(Boolean).join('&') + tail)

/** A path segment: plain, percent-encoded, or malformed encoding. */
export const hostileSegment = fc.oneof(
  hostileString.map((s) => encode(s) || 'x'),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2F', 'a%20b', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'alice.reown.id'),
)

/** The Origin header: an allowed one, one the allow-list's `*` matches but that is no origin, another site, none, or noise. */
export const hostileOrigin = fc.oneof(
  { weight: 2, arbitrary: fc.constant('http://127.0.0.1:5173') },
  { weight: 2, arbitrary: fc.constantFrom('http://127.0.0.1:abc', 'http://localhost:99999', 'http://127.0.0.1:1:2', 'http://127.0.0.1:', 'http://localhost:%41') },
  { weight: 1, arbitrary: fc.constantFrom(undefined, 'null', 'https://evil.example', 'http://[::1', '//x', 'http://127.0.0.1:5173/p') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)) },
)
