import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertDevHostLocal } from './dev-host.js'
import { runCli } from './test-support/run-cli.js'

describe('dev mode stays on this machine (docs/security.md #64)', () => {
  it('accepts loopback hosts and refuses any other, naming the host', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]']) expect(() => assertDevHostLocal(true, host), host).not.toThrow()
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', 'localhost.example.com', '']) {
      expect(() => assertDevHostLocal(true, host), host).toThrow(`--dev listens only on a loopback host (127.0.0.1, ::1 or localhost), not '${host}'`)
    }
    expect(() => assertDevHostLocal(false, '0.0.0.0')).not.toThrow()
  })

  it('`start --dev --host 0.0.0.0` exits non-zero with the reason, before it opens the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-dev-host-'))
    try {
      const result = await runCli(['start', '--dev', '--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir], { DATABASE_URL: undefined }, 30_000)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain("--dev listens only on a loopback host (127.0.0.1, ::1 or localhost), not '0.0.0.0'")
      expect(result.stdout).not.toContain('ready at')
      expect(readdirSync(dataDir)).toEqual([])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
