// The frame's RPC as a hostile page drives it: what it refuses before the visitor is asked, and
// what the approval shows against what is signed.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { maxUint256, recoverMessageAddress, recoverTypedDataAddress, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  compileTransaction, createNoopSigner, createTransactionMessage, getBase58Decoder, getBase58Encoder, getTransactionEncoder, pipe,
  setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, type Address, type Blockhash,
} from '@solana/kit'
import { handleRpc, RpcError } from '../../secure/rpc.ts'
import { handleSolanaRpc, solanaKeyFrom } from '../../secure/solana.ts'
import { formatSiwxMessage } from '../../src/utils/siwx-text.ts'
import type { ApprovalDetails } from '../../secure/approve.ts'

const test = suite('secure rpc: hostile requests')
const secret = `0x${'42'.repeat(32)}` as const
const account = privateKeyToAccount(secret)
const EVIL = 'https://evil.example'

/** A context whose visitor approves whatever is shown; `shown` records what that was. */
function evm(origin: string) {
  const shown: ApprovalDetails[] = []
  return { shown, ctx: { account, chainId: 1, rpcUrl: undefined, origin, approve: async (d: ApprovalDetails) => (shown.push(d), true) } }
}
const signIn = (domain: string, address: string, network = 'Ethereum') => formatSiwxMessage({
  domain, uri: `https://${domain}`, accountAddress: address, chainId: network === 'Ethereum' ? 'eip155:1' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  version: '1', nonce: 'a1b2c3d4e5f6a7b8', issuedAt: '2026-11-27T06:00:00.000Z', statement: 'Sign in',
}, network)
const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run()
  } catch (error) {
    return error as RpcError
  }
  assert.unreachable('the request was signed')
}

test('attack: a site has the visitor sign in to another site (personal_sign, text or hex): refused before it is shown', async () => {
  const { ctx, shown } = evm(EVIL)
  const message = signIn('bank.example', account.address)
  for (const data of [message, toHex(message), `\n${message.replace('bank.example', 'https://BANK.example')}`]) {
    const error = await refusal(() => handleRpc(ctx, 'personal_sign', [data, account.address]))
    assert.is(error?.code, 4100)
    assert.is(error?.message, 'This sign-in message is for bank.example, but evil.example asked for it: refused')
  }
  assert.is(shown.length, 0, 'nothing was put before the visitor')
})

test('behavior: a sign-in message for the asking site is shown and signed', async () => {
  const { ctx, shown } = evm('https://shop.example:8443')
  const message = signIn('shop.example:8443', account.address)
  const signature = await handleRpc(ctx, 'personal_sign', [toHex(message), account.address]) as `0x${string}`
  assert.is(await recoverMessageAddress({ message, signature }), account.address)
  assert.is(shown[0]?.body, message)
  // The scheme, when written, must be the site's too.
  const error = await refusal(() => handleRpc(ctx, 'personal_sign', [`http://${message}`, account.address]))
  assert.is(error?.code, 4100)
})

test('attack: the same over Solana (solana_signMessage of a sign-in message for another site): refused', async () => {
  const key = await solanaKeyFrom(secret)
  const shown: ApprovalDetails[] = []
  const ctx = { key, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: undefined, origin: EVIL, approve: async (d: ApprovalDetails) => (shown.push(d), true) }
  const b58 = (text: string) => getBase58Decoder().decode(new TextEncoder().encode(text))
  const error = await refusal(() => handleSolanaRpc(ctx, 'solana_signMessage', { message: b58(signIn('bank.example', key.address, 'Solana')), pubkey: key.address }))
  assert.is(error?.code, 4100)
  assert.is(shown.length, 0)
  // Its own sign-in still signs.
  const own = await handleSolanaRpc(ctx, 'solana_signMessage', { message: b58(signIn('evil.example', key.address, 'Solana')), pubkey: key.address }) as { signature: string }
  assert.is(getBase58Encoder().encode(own.signature).length, 64)
})

test('attack: a Solana request whose network is free text ("devnet: test tokens, no value") is refused before it is shown', async () => {
  const key = await solanaKeyFrom(secret)
  const tx = pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayerSigner(createNoopSigner(key.address as Address), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash, lastValidBlockHeight: 100n }, m))
  const transaction = getBase58Decoder().decode(getTransactionEncoder().encode(compileTransaction(tx)))
  const shown: ApprovalDetails[] = []
  const ctx = (chainId: string) => ({ key, chainId, rpcUrl: undefined, origin: EVIL, approve: async (d: ApprovalDetails) => (shown.push(d), true) })
  for (const chainId of ['solana:devnet (test tokens, no value)', 'solana:TEST-TOKENS-no-value', 'solana:\u202eten-tved', 'eip155:1', 'constructor']) {
    const error = await refusal(() => handleSolanaRpc(ctx(chainId), 'solana_signTransaction', { transaction }))
    assert.is(error?.message, 'Chain is not supported')
  }
  assert.is(shown.length, 0)
  // A network the frame knows is shown by its name and id.
  await handleSolanaRpc(ctx('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'), 'solana_signTransaction', { transaction })
  assert.is(Object.fromEntries(shown[0]!.rows)['Network'], 'Solana Devnet (solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1)')
})

const spender = `0x${'5'.repeat(40)}`
const permit = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
    Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: `0x${'a'.repeat(40)}` },
  // `note` is no field of Permit: the signature does not cover it.
  message: { owner: account.address, spender, value: String(maxUint256), nonce: '0', deadline: '9999999999', note: 'Only 1 USDC, once.' },
}

test('attack: a permit carrying a field its type does not sign ("only 1 USDC") shows only what is signed', async () => {
  const { ctx, shown } = evm(EVIL)
  const signature = await handleRpc(ctx, 'eth_signTypedData_v4', [account.address, JSON.stringify(permit)]) as `0x${string}`
  const body = shown[0]?.body ?? ''
  assert.not.match(body, /Only 1 USDC/)
  assert.equal(Object.keys(JSON.parse(body)), ['owner', 'spender', 'value', 'nonce', 'deadline'])
  assert.equal(Object.fromEntries(shown[0]!.rows)['Amount'], 'unlimited tokens')
  // What was shown is what the signature covers (the extra field never was).
  const { EIP712Domain: _, ...types } = permit.types
  const { note: __, ...signed } = permit.message
  assert.is(await recoverTypedDataAddress({ ...permit, types, primaryType: 'Permit', domain: { ...permit.domain, verifyingContract: permit.domain.verifyingContract as `0x${string}` }, message: { ...signed, value: maxUint256, nonce: 0n, deadline: 9999999999n }, signature }), account.address)
})

test("attack: an unsigned field nested in a signed struct (a Permit2 batch's details) and an unsigned operator beside them are not shown", async () => {
  const { ctx, shown } = evm(EVIL)
  const single = {
    types: {
      PermitBatch: [{ name: 'details', type: 'PermitDetails[]' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
      PermitDetails: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' }],
    },
    primaryType: 'PermitBatch',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: `0x${'b'.repeat(40)}` },
    message: { details: [{ token: `0x${'c'.repeat(40)}`, amount: '1000', expiration: '0', nonce: '0', label: 'a gift' }], spender, sigDeadline: '1', operator: `0x${'d'.repeat(40)}` },
  }
  await handleRpc(ctx, 'eth_signTypedData_v4', [account.address, JSON.stringify(single)])
  assert.equal(JSON.parse(shown[0]!.body!), { details: [{ token: `0x${'c'.repeat(40)}`, amount: '1000', expiration: '0', nonce: '0' }], spender, sigDeadline: '1' })
})

test.run()
