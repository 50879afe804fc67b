// Compiles Token.sol, which holds both demo tokens (Token: USDC, Dai: the DEX's second token), with
// solc-js and writes token.json and dai.json (abi + bytecode). Run after editing it:
// node --import tsx dev/chains/compile-token.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string): string; version(): string }

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

function compile(file: string, name: string, out: string): void {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(new URL(`./${file}`, import.meta.url), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Paris keeps the bytecode free of PUSH0/MCOPY so any anvil hardfork runs it.
      evmVersion: 'paris',
      outputSelection: { '*': { [name]: ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  for (const e of output.errors ?? []) console.error(e.formattedMessage)
  if (errors.length > 0) process.exit(1)

  const contract = output.contracts[file]?.[name]
  if (!contract) throw new Error(`solc produced no ${name} contract`)
  const outPath = new URL(`./${out}`, import.meta.url)
  const artifact = { compiler: `solc ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  writeFileSync(outPath, `${JSON.stringify(artifact, null, 2)}\n`)
  console.log(`wrote ${outPath.pathname} (${contract.evm.bytecode.object.length / 2} bytes)`)
}

compile('Token.sol', 'Token', 'token.json')
compile('Token.sol', 'Dai', 'dai.json')
