import { isIP } from 'node:net'

/** Whether `host` only ever accepts connections from this machine: `localhost` or a loopback address. */
function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1')
  if (address === 'localhost') return true
  if (isIP(address) === 4) return address.startsWith('127.')
  return isIP(address) === 6 && address === '::1'
}

/** Dev mode prints live codes and answers a permissive dev app: it never listens where another machine can reach it (docs/security.md #64). */
export function assertDevHostLocal(dev: boolean, host: string): void {
  if (dev && !isLoopbackHost(host)) throw new Error(`--dev listens only on a loopback host (127.0.0.1, ::1 or localhost), not '${host}'`)
}
