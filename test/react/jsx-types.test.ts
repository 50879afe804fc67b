// Types as a site gets them: Postern's declarations (emitted as `npm run build` does) installed as
// node_modules/postern, and a site's .tsx that uses the elements in JSX and AppKit's type names,
// compiled by tsc against React 19's and React 18's types, with "moduleResolution" "Bundler"
// (package.json exports) and "Node" (typesVersions).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { declarations } from '../declarations.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsc = join(root, 'node_modules/typescript/bin/tsc')
const test = suite('JSX and AppKit types in a site')
const work = mkdtempSync(join(tmpdir(), 'postern-types-'))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

const SITE = `
import { createAppKit, useAppKitAccount, useAppKitNetwork, type Provider, type SIWXSession, type CaipNetwork, type CaipNetworkId } from 'postern/react'
import { useAppKitProvider, useAppKitConnection } from 'postern/react-core'
import { mainnet, arbitrum, type AppKitNetwork } from 'postern/networks'
import type { CaipNetwork as RootCaipNetwork, CaipNetworkId as RootCaipNetworkId, SIWXSession as RootSession, ChainNamespace } from 'postern'
import type { CustomCaipNetwork, InferredCaipNetwork } from 'postern/common'
import { createSIWEConfig, formatMessage, getAddressFromMessage, type SIWESession, type SIWECreateMessageArgs } from 'postern/siwe'
import { grantPermissions, type SmartSessionGrantPermissionsRequest, type SmartSessionGrantPermissionsResponse } from 'postern/experimental/smart-session'
import { AppKit, createAppKit as createCore } from 'postern/core'
import { SolanaAdapter, useAppKitConnection as useSolanaConnection, type Provider as SolanaProvider } from 'postern/solana/react'
import { PublicKey, Transaction } from '@solana/web3.js'

export const networks: [AppKitNetwork, ...AppKitNetwork[]] = [mainnet, arbitrum]
const sui: InferredCaipNetwork = { id: 784, chainNamespace: 'sui' as const, caipNetworkId: 'sui:mainnet', name: 'Sui', nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 }, rpcUrls: { default: { http: ['https://fullnode.mainnet.sui.io:443'] } } }
export const custom: CustomCaipNetwork<'sui'> = { ...sui, chainNamespace: 'sui', caipNetworkId: 'sui:mainnet' }
export const ids: [CaipNetworkId, RootCaipNetworkId, ChainNamespace] = [mainnet.caipNetworkId, arbitrum.caipNetworkId, 'eip155']
export const chains: [CaipNetwork, RootCaipNetwork] = [mainnet, arbitrum]
export const modal: AppKit = createCore({ projectId: 'p', networks: [sui] as [AppKitNetwork] })
createAppKit({ projectId: 'p', networks, adapters: [new SolanaAdapter({ connectionSettings: 'finalized' })] })
export const siwe = createSIWEConfig({
  getMessageParams: async () => ({ domain: 'a.example', uri: 'https://a.example', chains: [1], statement: 'Sign in' }),
  createMessage: ({ address, ...args }: SIWECreateMessageArgs) => formatMessage(args, address),
  getNonce: async () => 'nonce',
  getSession: async () => ({ address: getAddressFromMessage('0x'), chainId: 1 }) satisfies SIWESession,
  verifyMessage: async () => true,
  signOut: async () => true,
})
export async function grant(request: SmartSessionGrantPermissionsRequest): Promise<SmartSessionGrantPermissionsResponse> {
  return grantPermissions(request)
}
export const sessions: (RootSession | SIWXSession)[] = []

export function App() {
  const { allAccounts, isConnected } = useAppKitAccount()
  const { switchNetwork } = useAppKitNetwork()
  const { walletProvider } = useAppKitProvider<Provider>('eip155')
  const { connection } = useAppKitConnection({})
  // As AppKit's examples use them: the provider typed as asked (no undefined check), web3.js's Connection.
  const sign = () => walletProvider.request({ method: 'personal_sign', params: ['Hello', '0x0'] })
  const solana = useAppKitProvider<SolanaProvider>('solana').walletProvider
  const { connection: web3 } = useSolanaConnection()
  const send = async () => web3 && solana.sendTransaction(new Transaction({ feePayer: new PublicKey(solana.publicKey!.toBase58()), ...(await web3.getLatestBlockhash()) }), web3)
  const publicKey: string | undefined = allAccounts[0]?.publicKey
  return (
    <div onClick={() => switchNetwork(networks[1])} onKeyDown={() => void Promise.all([sign(), send()])}>
      <appkit-button size="sm" label="Connect" loadingLabel="Connecting" balance="hide" namespace="eip155" />
      <appkit-connect-button size="md" label="Go" />
      <appkit-account-button disabled balance="show" />
      <appkit-network-button disabled={false} />
      <appkit-modal class="slot" />
      <w3m-button balance="hide" />
      <w3m-connect-button loadingLabel="..." />
      <w3m-account-button />
      <w3m-network-button />
      <span>{publicKey}{String(isConnected)}{String(walletProvider)}{String(connection)}</span>
    </div>
  )
}
`
const BAD = `
import type {} from 'postern/react'
export const Bad = () => (
  <div>
    <appkit-button size="xl" />
    <appkit-network-button label="no such attribute" />
  </div>
)
`

/** A site folder: node_modules/postern (declarations + package.json), react and the given @types/react. */
function site(name: string, typesReact: string, resolution: 'Bundler' | 'Node', files: Record<string, string>, packageJson = pkg) {
  const dir = join(work, name)
  mkdirSync(join(dir, 'node_modules/@types'), { recursive: true })
  mkdirSync(join(dir, 'node_modules/postern/dist'), { recursive: true })
  // Copied, as npm installs it: from there the declarations find the site's own react.
  cpSync(types, join(dir, 'node_modules/postern/dist/types'), { recursive: true })
  writeFileSync(join(dir, 'node_modules/postern/package.json'), JSON.stringify(packageJson))
  symlinkSync(typesReact, join(dir, 'node_modules/@types/react'))
  // The site's own @solana/web3.js (AppKit's Solana examples install it).
  mkdirSync(join(dir, 'node_modules/@solana'), { recursive: true })
  symlinkSync(join(root, 'node_modules/@solana/web3.js'), join(dir, 'node_modules/@solana/web3.js'))
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, jsx: 'react-jsx', target: 'ES2022', lib: ['ES2023', 'DOM'], module: resolution === 'Node' ? 'CommonJS' : 'ESNext', moduleResolution: resolution, types: [] },
    files: Object.keys(files),
  }))
  const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', timeout: 240_000 })
  return { status: run.status, out: `${run.stdout}${run.stderr}` }
}

const react19 = join(root, 'node_modules/@types/react')
const react18 = join(root, 'test/react18-host/node_modules/@types/react')

let types: string
test.before(async () => {
  // The declarations as `npm run build` emits them into dist/types (shared with the package test).
  types = await declarations()
})
test.after(() => rmSync(work, { recursive: true, force: true }))

// One tsc run per React version checks the site and the bad file together: the site must bring no
// error, the bad file exactly its own (a run of tsc costs seconds; the two need no run each).
const runs = new Map<string, ReturnType<typeof site>>()
const checked = (name: string, types: string, resolution: 'Bundler' | 'Node') => {
  if (!runs.has(name)) runs.set(name, site(name, types, resolution, { 'site.tsx': SITE, 'bad.tsx': BAD }))
  return runs.get(name)!
}
const errorsOutside = (out: string, file: string) => out.split('\n').filter((line) => /error TS\d+/.test(line) && !line.includes(`${file}(`))

test('behavior: a site using the elements in JSX and AppKit\'s type names compiles against React 19\'s types', () => {
  const r = checked('react19', react19, 'Bundler')
  assert.equal(errorsOutside(r.out, 'bad.tsx'), [], r.out)
  assert.match(readFileSync(join(react19, 'package.json'), 'utf8'), /"version": "19\./)
})

test('behavior: the same site compiles against React 18\'s types, with "moduleResolution": "Node" (typesVersions)', () => {
  assert.match(readFileSync(join(react18, 'package.json'), 'utf8'), /"version": "18\./)
  const r = checked('react18', react18, 'Node')
  assert.equal(errorsOutside(r.out, 'bad.tsx'), [], r.out)
})

test('protection: an attribute AppKit does not declare, or a value outside its type, fails the check', () => {
  for (const r of [checked('react19', react19, 'Bundler'), checked('react18', react18, 'Node')]) {
    assert.is.not(r.status, 0)
    assert.match(r.out, /bad\.tsx\(5,\d+\): error TS2322: Type '"xl"'/)
    assert.match(r.out, /bad\.tsx\(6,\d+\): error TS2322: .*label/)
  }
})

test('protection: without typesVersions a "Node" app does not find postern/react (why package.json has it)', () => {
  const { typesVersions: _t, ...bare } = pkg
  const r = site('bare', react19, 'Node', { 'a.ts': "import type { Provider } from 'postern/react'\nexport type P = Provider\n" }, bare)
  assert.match(r.out, /Cannot find module 'postern\/react'/)
})

test.run()
