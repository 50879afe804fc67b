// Compiles IdRegistry.sol with solc-js and writes id-registry.json (abi + bytecode). Run after
// editing it: node --import tsx dev/farcaster/compile-registry.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string): string; version(): string }

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

const input = {
  language: 'Solidity',
  sources: { 'IdRegistry.sol': { content: readFileSync(new URL('./IdRegistry.sol', import.meta.url), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    // Paris keeps the bytecode free of PUSH0/MCOPY so any anvil hardfork runs it.
    evmVersion: 'paris',
    outputSelection: { '*': { IdRegistry: ['abi', 'evm.bytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
for (const e of output.errors ?? []) console.error(e.formattedMessage)
if ((output.errors ?? []).some((e) => e.severity === 'error')) process.exit(1)
const contract = output.contracts['IdRegistry.sol']?.['IdRegistry']
if (!contract) throw new Error('solc produced no IdRegistry contract')
const out = new URL('./id-registry.json', import.meta.url)
writeFileSync(out, `${JSON.stringify({ compiler: `solc ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }, null, 2)}\n`)
console.log(`wrote ${out.pathname} (${contract.evm.bytecode.object.length / 2} bytes)`)
