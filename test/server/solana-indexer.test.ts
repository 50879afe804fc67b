// The indexer on the local Solana ledger: SOL (System transfer) and SPL (Token Transfer) moves of
// followed addresses appear in history with amounts and direction.
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
import { startSolana, type LocalSolana } from '../../dev/solana/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import type { History } from '../dev/api-chain-cases.ts'
import { sendSolana } from '../dev/solana-send.ts'

interface Ctx {
  solana?: LocalSolana
  api?: ApiServer
  signers: KeyPairSigner[]
}
const test = suite<Ctx>('server indexer on Solana', { signers: [] })

const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const ATA_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

const watchdog = setTimeout(() => (console.error('solana-indexer.test.ts: timed out'), process.exit(1)), 60_000)
test.before(async (ctx) => {
  ctx.solana = await startSolana()
  ctx.signers = await Promise.all(ctx.solana.accounts.map((a) => createKeyPairSignerFromBytes(a.secretKey)))
  ctx.api = await startApiServer({
    chains: [],
    solanaRpcUrl: ctx.solana.rpcUrl,
    solanaMints: { [ctx.solana.mint]: { name: 'USD Coin (local)', symbol: 'USDC' } },
    solanaWatch: [ctx.solana.accounts[2]!.address],
    indexer: { intervalMs: 60_000 },
  })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
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

test.run()
