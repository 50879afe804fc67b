// Compiles Token.sol with solc-js and writes token.json (abi + bytecode).
// Run after editing the contract: node --import tsx dev/chains/compile-token.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string): string; version(): string }

const sourcePath = new URL('./Token.sol', import.meta.url)
const outPath = new URL('./token.json', import.meta.url)

const input = {
  language: 'Solidity',
  sources: { 'Token.sol': { content: readFileSync(sourcePath, 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    // Paris keeps the bytecode free of PUSH0/MCOPY so any anvil hardfork runs it.
    evmVersion: 'paris',
    outputSelection: { '*': { Token: ['abi', 'evm.bytecode.object'] } },
  },
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
for (const e of output.errors ?? []) console.error(e.formattedMessage)
if (errors.length > 0) process.exit(1)

const token = output.contracts['Token.sol']?.['Token']
if (!token) throw new Error('solc produced no Token contract')

const artifact = { compiler: `solc ${solc.version()}`, abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` }
writeFileSync(outPath, `${JSON.stringify(artifact, null, 2)}\n`)
console.log(`wrote ${outPath.pathname} (${token.evm.bytecode.object.length / 2} bytes)`)
