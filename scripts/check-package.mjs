// `node scripts/check-package.mjs` (npm test step `package`; needs `npm run build` first): what a host gets from npm.
// Packs the tarball, lints it (publint, attw), installs it into a scratch Vite + React host that imports viem too,
// imports every entry in Node, builds the host with Vite and checks its bundle carries exactly one copy of viem.
// The host's node_modules holds the unpacked tarball and links to this repository's installed copies of exactly the
// packages the tarball declares (so an undeclared import fails to resolve) and of the host's own react and viem;
// `--fresh-install` runs `npm install` of the tarball instead (from npm's cache where it can; 30 to 60 s more, disk bound).
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { build } from 'vite'
import { root } from './build-config.mjs'

const bin = (name) => join(root, 'node_modules/.bin', name)
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** `npm pack` into `dir`; returns the tarball's path. */
function pack(dir) {
  const [report] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root))
  return join(dir, report.filename)
}

/** publint (warnings count as errors) and attw: the package is ESM-only, so CommonJS and node10 resolution are out of scope. */
function lint(tarball) {
  console.log(run(bin('publint'), ['run', tarball, '--strict']).trim())
  console.log(run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped']).trim())
}

/** A React host that also imports viem itself and configures wagmi, as a wagmi app would, and every public entry of the package. */
const hostFiles = {
  'index.html': '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
  'main.tsx': `import { createRoot } from 'react-dom/client'
import { createPublicClient, http } from 'viem'
import { getOrCreateClient } from 'tessera'
import 'tessera/elements'
import { DEV_APP_ID } from 'tessera/protocol'
import { TesseraProvider, useAuth } from 'tessera/react'
import { useSolanaWallets } from 'tessera/react/solana'
import { tessera } from 'tessera/wagmi'
import { createConfig } from '@wagmi/core'

const chain = createPublicClient({ transport: http('http://127.0.0.1:8545') })
const Status = () => <p>{useAuth().ready ? 'ready' : 'loading'} ({useSolanaWallets().wallets.length} Solana wallets)</p>
createRoot(document.getElementById('root')!).render(<TesseraProvider appId={DEV_APP_ID} apiUrl="http://127.0.0.1:8080"><Status /></TesseraProvider>)
// A wagmi app's config with the Tessera connector (the host installs @wagmi/core, the optional peer).
const wagmiConfig = createConfig({ chains: [{ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }], transports: { 31337: http() }, connectors: [tessera({ appId: DEV_APP_ID })] })
Object.assign(window, { chain, client: getOrCreateClient, wagmiConfig })
`,
}

const hostDependencies = ['react', 'react-dom', 'viem', '@wagmi/core']

/** Writes the host and installs the tarball and the host's own dependencies into it. */
function installHost(dir, tarball, fresh) {
  const version = (name) => packageJson.devDependencies[name] ?? packageJson.dependencies[name]
  const dependencies = { tessera: `file:${tarball}`, ...Object.fromEntries(hostDependencies.map((name) => [name, version(name)])) }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tessera-host-check', private: true, type: 'module', dependencies }, null, 2))
  for (const [name, text] of Object.entries(hostFiles)) writeFileSync(join(dir, name), text)
  if (fresh) run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], dir)
  else linkInstall(dir, tarball)
}

/** The tarball unpacked as node_modules/tessera, beside links to the installed packages it declares and the host's own. */
function linkInstall(dir, tarball) {
  const packageDir = join(dir, 'node_modules/tessera')
  mkdirSync(packageDir, { recursive: true })
  run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'])
  const packed = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  const declared = [...Object.keys(packed.dependencies ?? {}), ...Object.keys(packed.optionalDependencies ?? {}), ...Object.keys(packed.peerDependencies ?? {})]
  for (const name of new Set([...declared, ...hostDependencies])) {
    const link = join(dir, 'node_modules', name)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(join(root, 'node_modules', name), link, 'dir')
  }
}

/** Each entry loads in Node from the installed package: every package its static imports name is installed with it. */
function importEntriesInNode(dir) {
  // Type-only entries (`tessera/elements/jsx`) have no module to load.
  const entries = Object.entries(packageJson.exports)
    .filter(([, conditions]) => conditions.import)
    .map(([key]) => key.replace(/^\./, 'tessera'))
  const script = `for (const entry of ${JSON.stringify(entries)}) await import(entry)`
  run(process.execPath, ['--input-type=module', '-e', script], dir)
  console.log(`imported in Node: ${entries.join(', ')}`)
}

/** Vite resolves every import, lazy ones too, so a package the code imports but the tarball does not depend on fails here. */
async function buildHost(dir) {
  const outDir = join(dir, 'dist')
  await build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: { outDir, emptyOutDir: true },
  })
  const scripts = readdirSync(outDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
  // viem's BaseError names its version ('viem@x.y.z') once per copy of viem in a bundle.
  const viemCopies = scripts.reduce((count, file) => count + readFileSync(join(outDir, file), 'utf8').split('viem@').length - 1, 0)
  if (viemCopies !== 1) throw new Error(`The host's bundle carries ${viemCopies} copies of viem; the npm entries must import it, not bundle it`)
  console.log(`host bundle: ${scripts.length} scripts, one copy of viem`)
}

const workDir = mkdtempSync(join(tmpdir(), 'tessera-package-'))
try {
  const tarball = pack(workDir)
  lint(tarball)
  const hostDir = join(workDir, 'host')
  mkdirSync(hostDir)
  installHost(hostDir, tarball, process.argv.includes('--fresh-install'))
  importEntriesInNode(hostDir)
  await buildHost(hostDir)
  console.log('package check passed')
} catch (error) {
  // execFileSync's error carries the tool's own report on stdout.
  console.error(String(error.stdout ?? '') + String(error.stderr ?? '') || error)
  process.exitCode = 1
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
