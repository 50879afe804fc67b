// npm start's promise for Solana: the local ledger on a state folder survives a stack restart
// (accounts, tokens, history, demo keys, genesis hash), and the API's history keeps its rows once.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  address,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { startStack, type Stack } from '../../dev/stack.ts'
import { startSolana } from '../../dev/solana/index.ts'
import type { History } from './api-chain-cases.ts'
import { sendSolana } from './solana-send.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite('dev stack: Solana ledger restart')
const stateDir = mkdtempSync(join(tmpdir(), 'postern-solana-state-'))
let stack: Stack | undefined

const watchdog = setTimeout(() => {
  console.error('solana-restart.test.ts: timed out')
  void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(1))
}, watchdogMs(120_000))

test.after(async () => {
  await stack?.stop()
  rmSync(stateDir, { recursive: true, force: true })
  clearTimeout(watchdog)
})

// Only Solana is under test: the Bitcoin, TON and Sui ledgers and the second EVM chain (with its
// bundler) are left out of both starts, and the first chain's bundler starts only if asked: less
// work on a busy CI machine.
const start = () => startStack({ stateDir, reactDemo: false, bitcoin: false, ton: false, sui: false, chainIds: [1], bundlers: 'on-demand' })
const rpcOf = (s: Stack) => createSolanaRpc(s.solana!.rpcUrl)

const send = (s: Stack, payer: KeyPairSigner, instructions: Instruction[]) => sendSolana(s.solana!.rpcUrl, payer, instructions)

async function historyHashes(s: Stack, owner: string): Promise<string[]> {
  const res = await fetch(`${s.api.url}/v1/account/${owner}/history?projectId=${s.config.projectId}`)
  assert.is(res.status, 200)
  return ((await res.json()) as History).data.map((item) => item.metadata.hash)
}

/** Everything a restart must keep, read through the RPC. */
async function snapshot(s: Stack, addresses: Address[], tokenAccounts: Address[], signatures: Signature[]) {
  const rpc = rpcOf(s)
  return {
    genesisHash: await rpc.getGenesisHash().send(),
    accounts: s.solana!.accounts.map((a) => [a.address, Buffer.from(a.secretKey).toString('hex')]),
    mint: s.solana!.mint,
    balances: await Promise.all(addresses.map(async (a) => (await rpc.getBalance(a).send()).value)),
    tokens: await Promise.all(tokenAccounts.map(async (a) => (await rpc.getTokenAccountBalance(a).send()).value.amount)),
    history: await Promise.all(addresses.map(async (a) => (await rpc.getSignaturesForAddress(a).send()).map((x) => [x.signature, x.slot]))),
    transactions: await Promise.all(
      signatures.map(async (sig) => {
        const tx = await rpc.getTransaction(sig, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
        return tx && [tx.slot, tx.blockTime, tx.meta?.err, tx.meta?.fee, tx.meta?.postBalances, tx.meta?.postTokenBalances?.map((b) => b.uiTokenAmount.amount)]
      }),
    ),
    transactionCount: await rpc.getTransactionCount().send(),
  }
}

test('behavior: balances, token accounts, history and demo keys survive a restart; new transfers still land', async () => {
  stack = await start()
  const mint = address(stack.solana!.mint)
  const from = await createKeyPairSignerFromBytes(stack.solana!.accounts[1]!.secretKey)
  // Receivers created by the transactions themselves: a plain account and an owner with a new token account.
  const solReceiver = (await generateKeyPairSigner()).address
  const tokenReceiver = (await generateKeyPairSigner()).address
  const ata = async (owner: Address) => (await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
  const [fromAta, receiverAta] = [await ata(from.address), await ata(tokenReceiver)]

  const solSig = await send(stack, from, [getTransferSolInstruction({ source: from, destination: solReceiver, amount: 1_500_000_000n })])
  const splSig = await send(stack, from, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: receiverAta, owner: tokenReceiver, mint }),
    getTransferInstruction({ source: fromAta, destination: receiverAta, authority: from, amount: 2_500_000n }),
  ])
  assert.ok((await historyHashes(stack, solReceiver)).includes(solSig), 'the SOL transfer is in the API history')
  assert.ok((await historyHashes(stack, tokenReceiver)).includes(splSig), 'the SPL transfer is in the API history')
  const senderHistory = await historyHashes(stack, from.address)
  assert.ok(senderHistory.includes(solSig) && senderHistory.includes(splSig))

  const watched = [from.address, solReceiver, tokenReceiver]
  const before = await snapshot(stack, watched, [fromAta, receiverAta], [solSig, splSig])
  assert.equal(before.balances[1], 1_500_000_000n)
  assert.equal(before.tokens, ['997500000', '2500000'])
  await stack.stop()
  stack = undefined
  assert.ok(readFileSync(join(stateDir, 'solana', 'ledger.json'), 'utf8').includes(before.genesisHash), 'the ledger was saved')

  stack = await start()
  assert.equal(await snapshot(stack, watched, [fromAta, receiverAta], [solSig, splSig]), before)
  const afterRestart = await historyHashes(stack, from.address)
  assert.equal(afterRestart, senderHistory, 'the API history is unchanged: same rows, no duplicates')
  assert.is(new Set(afterRestart).size, afterRestart.length)
  assert.equal(await historyHashes(stack, solReceiver), [solSig])
  assert.equal(await historyHashes(stack, tokenReceiver), [splSig])

  const again = await send(stack, from, [getTransferSolInstruction({ source: from, destination: solReceiver, amount: 250_000_000n })])
  assert.is((await rpcOf(stack).getBalance(solReceiver).send()).value, 1_750_000_000n)
  assert.equal(await historyHashes(stack, solReceiver), [again, solSig], 'the new transfer is listed once, above the old one')
  const slots = (await rpcOf(stack).getSignaturesForAddress(solReceiver).send()).map((x) => x.slot)
  assert.ok(slots[0]! > slots[1]!, 'the ledger went on from the saved slot')
})

test('behavior: the ledger is saved a second after a change without a stop; a corrupt file starts a fresh ledger with a warning', async () => {
  const dir = join(stateDir, 'alone')
  const file = join(dir, 'ledger.json')
  const first = await startSolana({ stateDir: dir })
  const rpc = createSolanaRpc(first.rpcUrl)
  await rpc.requestAirdrop(address(first.accounts[0]!.address), lamports(1n)).send()
  const landed = Number(await rpc.getTransactionCount().send())
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { transactions: unknown[] }
  assert.is(saved.transactions.length, landed, 'saved while running, airdrop included')
  await first.stop()

  const second = await startSolana({ stateDir: dir })
  assert.is(second.genesisHash, first.genesisHash)
  const faucetStillPays = await createSolanaRpc(second.rpcUrl).requestAirdrop(address(second.accounts[0]!.address), lamports(1n)).send()
  assert.ok(faucetStillPays)
  await second.stop()

  writeFileSync(file, readFileSync(file, 'utf8').replace('"version":1', '"version":99'))
  const warnings: unknown[][] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args)
  const fresh = await startSolana({ stateDir: dir }).finally(() => (console.warn = warn))
  await fresh.stop()
  assert.match(String(warnings[0]?.[0]), /starting a fresh ledger/)
  assert.ok(existsSync(`${file}.corrupt`), 'the unreadable file is kept aside')
  assert.is.not(fresh.genesisHash, first.genesisHash, 'a fresh ledger is a new chain to the indexer')
  assert.equal(fresh.accounts.map((a) => a.address), first.accounts.map((a) => a.address), 'the demo keys are fixed anyway')
})

test.run()
