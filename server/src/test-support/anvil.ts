import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface Anvil { rpcUrl: string; chainId: number; stop(): Promise<void> }

export interface AnvilOptions {
  /** The chain id it reports and signs for (default 31337; a second local chain takes another, e.g. 31338). */
  chainId?: number
}

/** Starts a local anvil node (the binary of @foundry-rs/anvil-linux-amd64, an optional dependency) on a loopback port. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337
  const require = createRequire(import.meta.url)
  const binary = join(dirname(require.resolve(`@foundry-rs/anvil-linux-${process.arch === 'arm64' ? 'arm64' : 'amd64'}/package.json`)), 'bin', 'anvil')
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const child: ChildProcess = spawn(binary, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], { stdio: 'ignore' })
  const rpcUrl = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
      if (response.ok) break
    } catch {
      if (attempt > 100 || child.exitCode !== null) throw new Error('anvil did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    rpcUrl,
    chainId,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill()
    }),
  }
}
