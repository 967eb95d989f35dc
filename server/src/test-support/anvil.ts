import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface Anvil {
  rpcUrl: string
  chainId: number
  stop(): Promise<void>
}

export interface AnvilOptions {
  /** The chain id it reports and signs for (default 31337; a second local chain takes another, e.g. 31338). */
  chainId?: number
}

/** A port nothing listens on now (the OS picks it), for the node to take. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The node's chain id, or null while it does not answer (each try bounded: a stray listener must not hang us). */
async function answeredChainId(rpcUrl: string): Promise<number | null> {
  try {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(2_000) })
    return response.ok ? Number(((await response.json()) as { result?: string }).result) : null
  } catch {
    return null
  }
}

/** Starts a local anvil node (the binary of @foundry-rs/anvil-linux-amd64, an optional dependency) on a loopback port. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337
  const require = createRequire(import.meta.url)
  const binary = join(dirname(require.resolve(`@foundry-rs/anvil-linux-${process.arch === 'arm64' ? 'arm64' : 'amd64'}/package.json`)), 'bin', 'anvil')
  for (let start = 0; start < 5; start++) {
    const port = await freeLoopbackPort()
    const child: ChildProcess = spawn(binary, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], { stdio: 'ignore' })
    const rpcUrl = `http://127.0.0.1:${port}`
    // Another process may take the port between the probe and the node: then the node exits and we start again.
    for (let attempt = 0; attempt < 150 && child.exitCode === null; attempt++) {
      if ((await answeredChainId(rpcUrl)) === chainId) return { rpcUrl, chainId, stop: () => stopChild(child) }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await stopChild(child)
  }
  throw new Error('anvil did not start')
}

/** Ends `child` and resolves once it has exited (at once if it already has). */
export const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill()
  })
