/**
 * The Vue, Svelte and Next.js demos: built against the built dist entries (as the React demo is, react-demo.ts),
 * each again only when its sources, demo/shared or dist/lib changed (a hash of them names the build), and the
 * Next.js demo's own server (`next start`), which the demo server forwards `/next/` to.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Readable } from 'node:stream'
import { build } from 'vite'
import { freeLoopbackPort } from '../../server/src/test-support/anvil.js'
import type { DemoConfig } from './demo-server.js'
import { demoDir, distDir, repoRoot } from './paths.js'
import { packageEntryAliases } from './react-demo.js'
import { viteDemoNames, viteDemos, type ViteDemoDirs, type ViteDemoName } from './vite-demos.js'

/** Where the Vite demos' builds are kept between runs (git-ignored, outside dist/, which a library rebuild wipes). */
const buildCacheDir = join(repoRoot, 'node_modules/.cache/tessera-demos')
export const nextDemoDir = join(demoDir, 'next')
const nextBuildDir = join(nextDemoDir, '.next')
const nextBin = join(repoRoot, 'node_modules/next/dist/bin/next')
/** Next's build and its own files, never inputs of a build. */
const generated = new Set(['node_modules', '.next', 'next-env.d.ts'])
/** A finished build of another hash this old is removed (a running stack may still serve a newer one). */
const staleBuildMs = 2 * 60 * 60 * 1000

export interface NextDemoServer {
  url: string
  close(): Promise<void>
}

function hashTree(hash: ReturnType<typeof createHash>, root: string, path: string): void {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) if (!generated.has(name)) hashTree(hash, root, join(path, name))
    return
  }
  hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
}

/** A short hash of the demo's sources, demo/shared and the built library entries it imports. */
export function demoInputsHash(demoName: ViteDemoName | 'next'): string {
  const hash = createHash('sha256')
  for (const root of [join(demoDir, demoName), join(demoDir, 'shared'), join(distDir, 'lib')]) hashTree(hash, repoRoot, root)
  return hash.digest('hex').slice(0, 16)
}

function removeStaleBuilds(demoName: ViteDemoName, keep: string): void {
  for (const name of readdirSync(buildCacheDir)) {
    const path = join(buildCacheDir, name)
    if (name.startsWith(`${demoName}-`) && path !== keep && Date.now() - statSync(path).mtimeMs > staleBuildMs) rmSync(path, { recursive: true, force: true })
  }
}

/** Builds demo/<name> with its own vite.config.ts; returns the directory to serve at `/<name>/`. */
export async function buildViteDemo(demoName: ViteDemoName, log: (line: string) => void = console.log): Promise<string> {
  const outDir = join(buildCacheDir, `${demoName}-${demoInputsHash(demoName)}`)
  if (existsSync(outDir)) return outDir
  log(`Building the ${viteDemos[demoName].title} demo...`)
  mkdirSync(buildCacheDir, { recursive: true })
  // Built beside, then renamed: a run that stops halfway leaves no directory that looks finished.
  const partialDir = `${outDir}.partial-${process.pid}`
  await build({
    configFile: join(demoDir, demoName, 'vite.config.ts'),
    root: join(demoDir, demoName),
    base: `/${demoName}/`,
    // 'error': Vite warns that the classic /demo-config.js script is not bundled, which is the point.
    logLevel: 'error',
    resolve: { alias: packageEntryAliases },
    // A production build even when the caller runs with NODE_ENV=test (vitest).
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir: partialDir, emptyOutDir: true },
  })
  rmSync(outDir, { recursive: true, force: true })
  renameSync(partialDir, outDir)
  removeStaleBuilds(demoName, outDir)
  return outDir
}

/** Builds the Vite demos (each only when its inputs changed), one after another: the machine has two cores. */
export async function buildViteDemos(names: readonly ViteDemoName[] = viteDemoNames, log: (line: string) => void = console.log): Promise<ViteDemoDirs> {
  const dirs: ViteDemoDirs = {}
  for (const name of names) dirs[name] = await buildViteDemo(name, log)
  return dirs
}

/** Which inputs the Next.js demo's current build (demo/next/.next) was made from. */
const nextStampFile = join(nextBuildDir, 'tessera-inputs')

/** Runs `next build` in demo/next unless its build is of the current inputs; returns whether it built. */
export function buildNextDemo(log: (line: string) => void = console.log): boolean {
  const inputs = demoInputsHash('next')
  if (existsSync(nextStampFile) && readFileSync(nextStampFile, 'utf8') === inputs) return false
  log('Building the Next.js demo (next build)...')
  const result = spawnSync(process.execPath, [nextBin, 'build', nextDemoDir], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  writeFileSync(nextStampFile, inputs)
  return true
}

/**
 * Resolves once `next start` says it is ready. Not by requesting a page: a render creates the page's client, which
 * calls the API, and the API may not listen yet while the stack starts.
 */
function untilReady(child: ChildProcessByStdio<null, Readable, Readable>, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The Next.js demo server was not ready within 30 s:\n${output()}`)), 30_000)
    child.stdout.on('data', () => {
      if (/Ready in/.test(output())) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`The Next.js demo server exited (${code ?? signal}) before it was ready:\n${output()}`))
    })
  })
}

/** Starts `next start` for the built demo on a free loopback port; the page reads `config` from its environment. */
export async function startNextDemo(config: DemoConfig): Promise<NextDemoServer> {
  const port = await freeLoopbackPort()
  const child = spawn(process.execPath, [nextBin, 'start', nextDemoDir, '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `next start` runs the server in a child process, which a signal to `next` alone leaves running.
    detached: true,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', TESSERA_APP_ID: config.appId, TESSERA_API_URL: config.apiUrl },
  })
  const killGroup = () => process.kill(-child.pid!, 'SIGTERM')
  // A harness that exits without closing (a crash, a killed test run) takes the server with it.
  process.once('exit', () => child.exitCode === null && child.signalCode === null && killGroup())
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const close = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      killGroup()
    })
  try {
    await untilReady(child, () => output)
  } catch (error) {
    await close()
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, close }
}
