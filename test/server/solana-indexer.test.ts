// The indexer on the local Solana ledger: SOL (System transfer) and SPL (Token Transfer) moves of
// followed addresses appear in history with amounts and direction, and end the balances read before them.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  address,
  AccountRole,
  createKeyPairSignerFromBytes,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token'
import { startSolana, type LocalSolana } from '../../dev/solana/index.ts'
import { openDb } from '../../server/db/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { syncSolana, TOKEN_ACCOUNTS_SWEEP_MS, watchSolana } from '../../server/indexer/solana.ts'
import type { Balance, History } from '../dev/api-chain-cases.ts'
import { sendSolana } from '../dev/solana-send.ts'
import { startRpcProxy, type RpcProxy } from './hardening/rpc-proxy.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  solana?: LocalSolana
  /** Between the server and the ledger: counts the server's reads. */
  rpc?: RpcProxy
  api?: ApiServer
  signers: KeyPairSigner[]
}
const test = suite<Ctx>('server indexer on Solana', { signers: [] })

const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const ATA_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

const watchdog = setTimeout(() => (console.error('solana-indexer.test.ts: timed out'), process.exit(1)), watchdogMs(90_000))
test.before(async (ctx) => {
  ctx.solana = await startSolana()
  ctx.signers = await Promise.all(ctx.solana.accounts.map((a) => createKeyPairSignerFromBytes(a.secretKey)))
  ctx.rpc = await startRpcProxy(ctx.solana.rpcUrl)
  // The indexer idle unless a request asks it to catch up; a balance read kept for a minute unless it ends it.
  ctx.api = await startApiServer({
    chains: [],
    solanaRpcUrl: ctx.rpc.url,
    solanaMints: { [ctx.solana.mint]: { name: 'USD Coin (local)', symbol: 'USDC' } },
    solanaWatch: [ctx.solana.accounts[2]!.address],
    indexer: { intervalMs: 60_000 },
    balanceMaxAgeMs: 60_000,
  })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.rpc?.stop()
  await ctx.solana?.stop()
  clearTimeout(watchdog)
})

async function ata(owner: Address, mint: Address): Promise<Address> {
  const enc = getAddressEncoder()
  const [pda] = await getProgramDerivedAddress({ programAddress: ATA_PROGRAM, seeds: [enc.encode(owner), enc.encode(TOKEN_PROGRAM), enc.encode(mint)] })
  return pda
}

/** The Token program's Transfer (instruction 3): source account, destination account, owner. */
async function splTransfer(ctx: Ctx, from: KeyPairSigner, to: Address, amount: bigint): Promise<Instruction> {
  const mint = address(ctx.solana!.mint)
  const data = new Uint8Array(9)
  data[0] = 3
  new DataView(data.buffer).setBigUint64(1, amount, true)
  return {
    programAddress: TOKEN_PROGRAM,
    accounts: [
      { address: await ata(from.address, mint), role: AccountRole.WRITABLE },
      { address: await ata(to, mint), role: AccountRole.WRITABLE },
      { address: from.address, role: AccountRole.READONLY_SIGNER, signer: from } as never,
    ],
    data,
  }
}

const send = (ctx: Ctx, payer: KeyPairSigner, instruction: Instruction) => sendSolana(ctx.solana!.rpcUrl, payer, [instruction])

const history = async (ctx: Ctx, owner: string) => {
  const res = await fetch(`${ctx.api!.url}/v1/account/${owner}/history?projectId=test`)
  assert.is(res.status, 200)
  return (await res.json()) as History
}

/** Runs `work`; returns the HTTP requests the server made of the ledger and the owners whose token accounts it read. */
async function ledgerUse(ctx: Ctx, work: () => Promise<unknown>) {
  const [requests, calls] = [ctx.rpc!.requests, ctx.rpc!.log.length]
  await work()
  const tokenReads = ctx.rpc!.log.slice(calls).filter((c) => c.method === 'getTokenAccountsByOwner').map((c) => c.params[0] as string)
  return { requests: ctx.rpc!.requests - requests, tokenOwners: new Set(tokenReads), tokenCalls: tokenReads.length }
}

// First, before the indexer's next timed pass (a minute away): each pass here is a request's catch-up.
test('a pass with nothing new costs two requests of the ledger (its genesis, every address\'s signatures in one batch) and reads no token accounts', async (ctx) => {
  const owners = await Promise.all(Array.from({ length: 6 }, async () => (await generateKeyPairSigner()).address))
  for (const owner of owners) await history(ctx, owner) // followed from now on
  const quiet = await ledgerUse(ctx, () => history(ctx, owners[0]!))
  assert.is(quiet.tokenCalls, 0, 'no owner has a new signature, and each was read within the sweep')
  assert.is(quiet.requests, 2, 'getGenesisHash, then one batch of getSignaturesForAddress')
})

test('a token account created for a followed owner is followed from the transaction that created it; owners without new signatures are not read', async (ctx) => {
  const [, from] = ctx.signers as [KeyPairSigner, KeyPairSigner]
  const [owner, idle] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
  await history(ctx, owner.address)
  await history(ctx, idle.address)
  const mint = address(ctx.solana!.mint)
  const create = getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: await ata(owner.address, mint), owner: owner.address, mint })
  const first = await sendSolana(ctx.solana!.rpcUrl, from, [create, await splTransfer(ctx, from, owner.address, 1_000_000n)])
  const pass = await ledgerUse(ctx, async () => assert.ok((await history(ctx, owner.address)).data.some((i) => i.metadata.hash === first)))
  assert.ok(pass.tokenOwners.has(owner.address), 'the owner, named by the transaction creating its account, is read')
  assert.not.ok(pass.tokenOwners.has(idle.address), 'an owner without new signatures is not')
  // The next transfer names the token account alone: it is found through the account followed above.
  const second = await send(ctx, from, await splTransfer(ctx, from, owner.address, 2_000_000n))
  const found = (await history(ctx, owner.address)).data.find((i) => i.metadata.hash === second)
  assert.equal(found?.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric]), [['in', 'USDC', '2']])
})

test('every owner\'s token accounts are read again once a sweep, all in one request', async (ctx) => {
  const db = await openDb({})
  try {
    const owners = await Promise.all(Array.from({ length: 3 }, async () => (await generateKeyPairSigner()).address))
    for (const owner of owners) await watchSolana(db, owner)
    const src = { caip: 'solana:local', rpcUrl: ctx.rpc!.url, knownMints: {} }
    const tokenReads = new Map<string, number>()
    const sync = (now: number) => ledgerUse(ctx, () => syncSolana(db, src, { tokenReads, now }))
    const firstRead = await sync(1_000)
    assert.equal([firstRead.tokenOwners, firstRead.tokenCalls, firstRead.requests], [new Set(owners), 6, 3], 'classic and Token-2022 for each, in one batch beside genesis and signatures')
    assert.is((await sync(1_000 + TOKEN_ACCOUNTS_SWEEP_MS - 1)).tokenCalls, 0)
    assert.equal((await sync(1_000 + TOKEN_ACCOUNTS_SWEEP_MS)).tokenOwners, new Set(owners))
  } finally {
    await db.close()
  }
})

test('a SOL send to a new address appears for both sides once they are followed', async (ctx) => {
  const [from] = ctx.signers as [KeyPairSigner]
  const to = (await generateKeyPairSigner()).address
  const sig = await send(ctx, from, getTransferSolInstruction({ source: from, destination: to, amount: 1_250_000_000n }))
  const received = await history(ctx, to)
  assert.equal(received.data.map((i) => [i.metadata.hash, i.metadata.operationType, i.metadata.sentFrom, i.metadata.sentTo]), [[sig, 'receive', from.address, to]])
  assert.equal(received.data[0]!.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric, t.value]), [['in', 'SOL', '1.25', 187.5]])
  const sent = await history(ctx, from.address)
  const mine = sent.data.find((i) => i.metadata.hash === sig)!
  assert.equal(mine.transfers.map((t) => [t.direction, t.quantity.numeric]), [['out', '1.25']])
})

test('an SPL transfer appears as USDC for the receiver, once', async (ctx) => {
  const [, from, to] = ctx.signers as [KeyPairSigner, KeyPairSigner, KeyPairSigner]
  const sig = await send(ctx, from, await splTransfer(ctx, from, to.address, 2_500_000n))
  const first = await history(ctx, to.address)
  const item = first.data.find((i) => i.metadata.hash === sig)!
  assert.equal(item.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric, t.price]), [['in', 'USDC', '2.5', 1]])
  assert.is(item.metadata.sentFrom, from.address)
  const again = await history(ctx, to.address)
  assert.equal(again.data.filter((i) => i.metadata.hash === sig).length, 1)
})

const balances = async (ctx: Ctx, owner: string, force = false) => {
  const res = await fetch(`${ctx.api!.url}/v1/account/${owner}/balance?projectId=test${force ? '&forceUpdate=1' : ''}`)
  assert.is(res.status, 200)
  return ((await res.json()) as { balances: Balance[] }).balances.map((b) => [b.symbol, b.quantity.numeric])
}
const sol = (held: string[][]) => held.find(([symbol]) => symbol === 'SOL')?.[1]

test('balances: requests at once share one read of the ledger, which serves until the indexer stores a transaction of the address; forceUpdate reads anew', async (ctx) => {
  const [payer] = ctx.signers as [KeyPairSigner]
  const to = (await generateKeyPairSigner()).address
  const reads = () => ctx.rpc!.calls.get('getBalance') ?? 0
  const before = reads()
  const burst = await Promise.all(Array.from({ length: 8 }, () => balances(ctx, to)))
  assert.equal(burst, Array.from({ length: 8 }, () => []))
  assert.is(reads() - before, 1, 'one getBalance for eight requests')
  const paidBefore = sol(await balances(ctx, payer.address))

  await send(ctx, payer, getTransferSolInstruction({ source: payer, destination: to, amount: 500_000_000n }))
  assert.equal(await balances(ctx, to), [], 'the read from before the transfer still serves: the indexer has not seen it')
  assert.is(sol(await balances(ctx, payer.address)), paidBefore)

  await history(ctx, to) // a catch-up pass stores the transfer
  assert.equal(await balances(ctx, to), [['SOL', '0.5']])
  assert.ok(Number(sol(await balances(ctx, payer.address))) < Number(paidBefore) - 0.5, 'the sender paid the amount and the fee')

  await send(ctx, payer, getTransferSolInstruction({ source: payer, destination: to, amount: 250_000_000n }))
  assert.equal(await balances(ctx, to), [['SOL', '0.5']])
  assert.equal(await balances(ctx, to, true), [['SOL', '0.75']], 'forceUpdate asks the ledger at once')
  assert.equal(await balances(ctx, to), [['SOL', '0.75']], 'and its read serves the next requests')
})

test('balances: an SPL transfer indexed through the receiver\'s token account ends its owner\'s read', async (ctx) => {
  const [, from, to] = ctx.signers as [KeyPairSigner, KeyPairSigner, KeyPairSigner]
  const usdc = async () => Number((await balances(ctx, to.address)).find(([symbol]) => symbol === 'USDC')?.[1] ?? 0)
  const held = await usdc()
  await send(ctx, from, await splTransfer(ctx, from, to.address, 1_500_000n))
  assert.is(await usdc(), held, 'served from the read before')
  await history(ctx, to.address) // the transfer names the receiver's token account, which the indexer follows
  assert.is(await usdc(), held + 1.5)
})

test.run()
