import { bcs } from '@mysten/sui/bcs'
import { fromBase64, normalizeSuiAddress } from '@mysten/sui/utils'
import { COIN_STORAGE_COST, derivedObjectId, type Coin } from './objects.ts'

// A programmable transaction block run over SUI coins, as Sui's executor runs the commands that
// move SUI (SplitCoins, MergeCoins, TransferObjects): the gas coin with the budget held back
// while the commands run, an execution failure that undoes everything but the gas charge, and
// the gas charged as computation plus storage less the storage rebate.

type TransactionData = ReturnType<typeof bcs.TransactionData.parse>
export type Programmable = Extract<TransactionData['V1']['kind'], { $kind: 'ProgrammableTransaction' }>['ProgrammableTransaction']
type Argument = ReturnType<typeof bcs.Argument.parse>

/** Computation units a SUI transfer costs (Sui's smallest computation bucket). */
const COMPUTATION_UNITS = 1000n

/** An execution failure in Sui's words ("InsufficientCoinBalance in command 0"): the transaction lands, only gas moves. */
export class ExecutionFailure extends Error {}

export interface ExecutionInput {
  programmable: Programmable
  sender: string
  /** The gas coins (first is the one the others merge into), checked by the caller. */
  gas: Coin[]
  /** The owned objects the inputs name, by input index, checked by the caller. */
  objects: Map<number, Coin>
  budget: bigint
  price: bigint
  digestBytes: Uint8Array
}

export interface ExecutionOutcome {
  error?: string
  /** Every object written (created or mutated), before versions and digests are set. */
  written: Omit<Coin, 'version' | 'digest' | 'previousTransaction'>[]
  created: Set<string>
  deleted: Coin[]
  gasUsed: { computationCost: bigint; storageCost: bigint; storageRebate: bigint; nonRefundableStorageFee: bigint }
}

type Live = { objectId: string; owner: string; balance: bigint; storageRebate: bigint }

export function runProgrammable(input: ExecutionInput): ExecutionOutcome {
  const [gasCoin, ...smashed] = input.gas
  if (!gasCoin) throw new Error('no gas coin')
  // The other gas coins are merged into the first; the budget is held back while the commands run.
  const gas: Live = { objectId: gasCoin.objectId, owner: gasCoin.owner, balance: input.gas.reduce((sum, c) => sum + c.balance, 0n) - input.budget, storageRebate: gasCoin.storageRebate }
  const inputsBefore = [...input.gas, ...input.objects.values()]
  let outcome: { live: Map<string, Live>; created: Set<string>; deleted: Set<string> } | undefined
  let error: string | undefined
  try {
    outcome = runCommands(input, { ...gas })
  } catch (failure) {
    if (!(failure instanceof ExecutionFailure)) throw failure
    error = failure.message
  }
  // A failed transaction still writes its gas coin and every owned input (new versions, same contents).
  const live = outcome?.live ?? new Map<string, Live>([[gas.objectId, { ...gas }], ...[...input.objects.values()].map((c): [string, Live] => [c.objectId, { objectId: c.objectId, owner: c.owner, balance: c.balance, storageRebate: c.storageRebate }])])
  const deletedIds = new Set([...smashed.map((c) => c.objectId), ...(outcome?.deleted ?? [])])
  const finalGas = live.get(gas.objectId)!
  // Storage: every object written pays for itself; every input changed or deleted gives 99 % of its rebate back.
  const written = [...live.values()]
  const storageCost = BigInt(written.length) * COIN_STORAGE_COST
  const touched = inputsBefore.filter((c) => live.has(c.objectId) || deletedIds.has(c.objectId))
  const rebateBase = touched.reduce((sum, c) => sum + c.storageRebate, 0n)
  const storageRebate = (rebateBase * 99n) / 100n
  const computationCost = input.price * COMPUTATION_UNITS
  if (computationCost + storageCost > input.budget) error ??= 'InsufficientGas'
  const charged = error === 'InsufficientGas' ? input.budget : computationCost + storageCost - storageRebate
  finalGas.balance += input.budget - charged
  for (const object of written) object.storageRebate = COIN_STORAGE_COST
  return {
    ...(error && { error }),
    written,
    created: outcome?.created ?? new Set(),
    deleted: inputsBefore.filter((c) => deletedIds.has(c.objectId)),
    gasUsed: { computationCost, storageCost, storageRebate, nonRefundableStorageFee: rebateBase - storageRebate },
  }
}

function runCommands(input: ExecutionInput, gas: Live) {
  const live = new Map<string, Live>([[gas.objectId, gas]])
  for (const coin of input.objects.values()) live.set(coin.objectId, { objectId: coin.objectId, owner: coin.owner, balance: coin.balance, storageRebate: coin.storageRebate })
  const created = new Set<string>()
  const deleted = new Set<string>()
  const results: string[][] = []
  /** Coins a command made that nothing has used yet (Sui: UnusedValueWithoutDrop). */
  const unused = new Map<string, [number, number]>()
  let createdCount = 0
  const { inputs, commands } = input.programmable

  commands.forEach((command, at) => {
    const fail = (status: string): never => {
      throw new ExecutionFailure(`${status} in command ${at}`)
    }
    const coinOf = (arg: Argument): Live => {
      let id: string | undefined
      if (arg.$kind === 'GasCoin') id = gas.objectId
      else if (arg.$kind === 'Input') id = input.objects.get(arg.Input)?.objectId
      else if (arg.$kind === 'Result') id = results[arg.Result]?.length === 1 ? results[arg.Result]![0] : undefined
      else if (arg.$kind === 'NestedResult') id = results[arg.NestedResult[0]]?.[arg.NestedResult[1]]
      const coin = id === undefined ? undefined : live.get(id)
      if (!coin) return fail('InvalidValueUsage')
      unused.delete(coin.objectId)
      return coin
    }
    const pure = (arg: Argument): Uint8Array => {
      const value = arg.$kind === 'Input' ? inputs[arg.Input] : undefined
      if (!value || value.$kind !== 'Pure') return fail('InvalidValueUsage')
      return fromBase64(value.Pure.bytes)
    }
    const parsePure = <T>(parse: (bytes: Uint8Array) => T, arg: Argument): T => {
      try {
        return parse(pure(arg))
      } catch (error) {
        if (error instanceof ExecutionFailure) throw error
        return fail('InvalidBCSBytes')
      }
    }

    if (command.$kind === 'SplitCoins') {
      const source = coinOf(command.SplitCoins.coin)
      const amounts = command.SplitCoins.amounts.map((a) => parsePure((b) => BigInt(bcs.u64().parse(b)), a))
      const total = amounts.reduce((sum, a) => sum + a, 0n)
      if (total > source.balance) fail('InsufficientCoinBalance')
      source.balance -= total
      results[at] = amounts.map((balance, j) => {
        const objectId = derivedObjectId(input.digestBytes, createdCount++)
        live.set(objectId, { objectId, owner: input.sender, balance, storageRebate: 0n })
        created.add(objectId)
        unused.set(objectId, [at, j])
        return objectId
      })
    } else if (command.$kind === 'MergeCoins') {
      const target = coinOf(command.MergeCoins.destination)
      for (const arg of command.MergeCoins.sources) {
        if (arg.$kind === 'GasCoin') fail('InvalidGasCoinUsage')
        const source = coinOf(arg)
        if (source === target) fail('InvalidValueUsage')
        target.balance += source.balance
        live.delete(source.objectId)
        if (created.has(source.objectId)) created.delete(source.objectId)
        else deleted.add(source.objectId)
      }
      results[at] = []
    } else if (command.$kind === 'TransferObjects') {
      const recipient = parsePure((b) => normalizeSuiAddress(bcs.Address.parse(b)), command.TransferObjects.address)
      for (const arg of command.TransferObjects.objects) coinOf(arg).owner = recipient
      results[at] = []
    } else {
      // Move calls, publishing and vectors need the Move VM, which this ledger does not run.
      fail('FeatureNotYetSupported')
    }
  })
  const [left] = unused.values()
  if (left) throw new ExecutionFailure(`UnusedValueWithoutDrop { result_idx: ${left[0]}, secondary_idx: ${left[1]} }`)
  return { live, created, deleted }
}
