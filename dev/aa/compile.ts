// Compiles PosternAccount.sol (the eth-infinitism SimpleAccount from @account-abstraction/contracts
// plus ERC-1271) with solc-js and writes account.json (factory abi + bytecode). Run after editing:
// node --import tsx dev/aa/compile.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string, opts: { import(path: string): { contents?: string; error?: string } }): string; version(): string }

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

const file = 'PosternAccount.sol'
const input = {
  language: 'Solidity',
  sources: { [file]: { content: readFileSync(new URL(`./${file}`, import.meta.url), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 1000 },
    evmVersion: 'cancun',
    outputSelection: { [file]: { '*': ['abi', 'evm.bytecode.object'] } },
  },
}
// Imports (@openzeppelin/…, @account-abstraction/…) come from node_modules.
const findImport = (path: string) => {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
for (const e of output.errors ?? []) if (e.severity === 'error') console.error(e.formattedMessage)
if ((output.errors ?? []).some((e) => e.severity === 'error')) process.exit(1)

const pick = (name: string) => {
  const c = output.contracts[file]?.[name]
  if (!c) throw new Error(`solc produced no ${name}`)
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
}
const artifact = { compiler: `solc ${solc.version()}`, factory: pick('PosternAccountFactory'), account: { abi: pick('PosternAccount').abi } }
writeFileSync(new URL('./account.json', import.meta.url), `${JSON.stringify(artifact)}\n`)
console.log(`wrote dev/aa/account.json (factory ${artifact.factory.bytecode.length / 2 - 1} bytes)`)
