import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const CLI_PATH = fileURLToPath(new URL('../../bin/tessera-server.mjs', import.meta.url))

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the real `tessera-server` binary in a child process; with `killAfterMs`, one still running then is killed (code null). */
export function runCli(args: string[], env: Record<string, string | undefined> = {}, killAfterMs?: number): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env)
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs)
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr!.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

export function spawnCli(args: string[], env: Record<string, string | undefined> = {}): ChildProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key]
  return spawn(process.execPath, [CLI_PATH, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Resolves with the output once `pattern` appears on stdout. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${pattern}; output so far: ${output}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk
      if (pattern.test(output)) {
        clearTimeout(timer)
        resolve(output)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk) => {
      output += chunk
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Exited with ${code} before ${pattern}: ${output}`))
    })
  })
}
