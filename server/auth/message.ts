// Reads a CAIP-122 / EIP-4361 sign-in message back into its fields. The text is the source of
// truth: the signature covers it, so every check is made on what was parsed here.
import { formatSiwxMessage } from '../../src/utils/siwx-text.ts'

export interface SiwxFields {
  domain: string
  /** The scheme when the message names one (EIP-4361's optional `scheme://`). */
  scheme?: string
  address: string
  statement?: string
  uri: string
  version: string
  /** CAIP-2, whether the message wrote `eip155:1` or EIP-4361's bare `1`. */
  chainId: string
  nonce: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

const HEADER = /^(?:(?<scheme>[a-z][a-z0-9+.-]*):\/\/)?(?<domain>[^\s/]+) wants you to sign in with your (?<chain>[^\n]+) account:$/
const FIELDS = ['URI', 'Version', 'Chain ID', 'Nonce', 'Issued At', 'Expiration Time', 'Not Before', 'Request ID'] as const
const REQUIRED = new Set(['URI', 'Version', 'Chain ID', 'Nonce'])

export class MessageError extends Error {}

/** Parses the message text; throws MessageError naming what is malformed. */
export function parseSiwxMessage(text: string): SiwxFields {
  // Control characters (CR, tabs, NUL) and bidi overrides make a wallet show other lines than these.
  if (/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text)) throw new MessageError('message: holds a control character')
  const lines = text.split('\n')
  const header = HEADER.exec(lines[0] ?? '')
  if (!header?.groups) throw new MessageError('message: the first line must read "{domain} wants you to sign in with your {chain} account:"')
  const address = lines[1] ?? ''
  // EVM, Solana (base58, also Bitcoin's legacy addresses) or Bitcoin's bech32 (bc1, tb1, bcrt1).
  if (!/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{25,44}|(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/.test(address)) throw new MessageError('message: the second line must be the account address')
  if (lines[2] !== '') throw new MessageError('message: the third line must be empty')
  // The statement is one line between two empty ones (EIP-4361); the URI line follows.
  const hasStatement = !(lines[3] ?? '').startsWith('URI: ')
  const uriAt = hasStatement ? 5 : 3
  if (hasStatement && lines[4] !== '') throw new MessageError('message: the statement must be one line followed by an empty line')
  if (!(lines[uriAt] ?? '').startsWith('URI: ')) throw new MessageError('message: has no URI line after the statement')
  const statement = hasStatement ? lines[3] : undefined

  const values = new Map<string, string>()
  let i = uriAt
  let order = 0
  for (; i < lines.length && lines[i] !== 'Resources:'; i++) {
    const line = lines[i]!
    const colon = line.indexOf(': ')
    const key = colon > 0 ? line.slice(0, colon) : line
    const at = FIELDS.indexOf(key as (typeof FIELDS)[number], order)
    if (at < 0) throw new MessageError(`message: unexpected line "${line.slice(0, 40)}"`)
    order = at + 1
    const value = line.slice(colon + 2)
    // No value of EIP-4361's grammar holds whitespace; a URL parser would drop it unseen.
    if (/\s/.test(value)) throw new MessageError(`message: ${key} holds whitespace`)
    values.set(key, value)
  }
  for (const key of REQUIRED) if (!values.get(key)) throw new MessageError(`message: ${key} is required`)
  let resources: string[] | undefined
  if (i < lines.length) {
    resources = lines.slice(i + 1).map((l) => {
      if (!l.startsWith('- ') || /\s/.test(l.slice(2))) throw new MessageError('message: each resource must read "- {uri}"')
      return l.slice(2)
    })
  }
  const rawChain = values.get('Chain ID')!
  const namespace = address.startsWith('0x') ? 'eip155' : 'solana'
  const chainId = rawChain.includes(':') ? rawChain : `${namespace}:${rawChain}`
  const fields: SiwxFields = {
    domain: header.groups['domain']!,
    address,
    uri: values.get('URI')!,
    version: values.get('Version')!,
    chainId,
    nonce: values.get('Nonce')!,
  }
  if (header.groups['scheme']) fields.scheme = header.groups['scheme']
  if (statement !== undefined) fields.statement = statement
  for (const [key, name] of [['Issued At', 'issuedAt'], ['Expiration Time', 'expirationTime'], ['Not Before', 'notBefore'], ['Request ID', 'requestId']] as const) {
    const value = values.get(key)
    if (value !== undefined) fields[name] = value
  }
  if (resources) fields.resources = resources
  for (const name of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    if (fields[name] !== undefined && Number.isNaN(Date.parse(fields[name]!))) throw new MessageError(`message: ${name} is not an ISO 8601 date`)
  }
  // What was parsed, written back out, must be the very text signed: no stray spaces, empty
  // values, blank lines or anything else a wallet would show differently from what is checked here.
  const rendered = renderSiwxMessage(fields, header.groups['chain']!, !rawChain.includes(':'))
  if (rendered !== text) throw new MessageError(`message: is not in the EIP-4361 form (line ${firstDifferentLine(rendered, text)} differs from its fields written out)`)
  return fields
}

/** The fields written out as the modal writes them (src/utils/siwx-text.ts), with EIP-4361's optional scheme. */
export function renderSiwxMessage(f: SiwxFields, networkName: string, bareChainId: boolean): string {
  const text = formatSiwxMessage({ ...f, accountAddress: f.address, chainId: f.chainId as `${string}:${string}` }, networkName, bareChainId)
  return f.scheme ? `${f.scheme}://${text}` : text
}

function firstDifferentLine(a: string, b: string): number {
  const x = a.split('\n')
  const y = b.split('\n')
  let n = 0
  while (n < x.length && x[n] === y[n]) n++
  return n + 1
}

/** A CACAO (CAIP-74) of a parsed message and its signature, as AppKit's sessions carry it. */
export function toCacao(f: SiwxFields, signature: string, signatureType: string) {
  return {
    h: { t: 'caip122' },
    p: {
      domain: f.domain,
      aud: f.uri,
      iss: `did:pkh:${f.chainId}:${f.address}`,
      version: f.version,
      nonce: f.nonce,
      ...(f.issuedAt && { iat: f.issuedAt }),
      ...(f.notBefore && { nbf: f.notBefore }),
      ...(f.expirationTime && { exp: f.expirationTime }),
      ...(f.statement && { statement: f.statement }),
      ...(f.requestId && { requestId: f.requestId }),
      ...(f.resources && { resources: f.resources }),
    },
    s: { t: signatureType, s: signature },
  }
}
