// The per-app setting behind the embedded wallets' announcement to the page's dapps (EIP-6963, wallet-standard):
// off unless the app file turns it on, published in the app config, a wrong type refused by name (issue 16).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import { readConfigFile } from '../config.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const dir = mkdtempSync(join(tmpdir(), 'tessera-announce-'))
const announcingId = 'announcing-wallets-app-01'
const configFile = (apps: Record<string, unknown>[]) => {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify({ apps }))
  return file
}

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({
    server: { configFile: configFile([{ id: announcingId, name: 'Announcing', embedded_wallets: { announce_wallets_enabled: true } }]) },
  })
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the announce_wallets_enabled app setting', () => {
  it('is published in the app config when the app file turns it on', async () => {
    const { status, body } = await t.call<AppConfigDto>(`/api/v1/apps/${announcingId}`, { appId: null })
    expect(status).toBe(200)
    expect(body.embedded_wallet_config.announce_wallets_enabled).toBe(true)
  })

  it('is off for an app that does not name it', async () => {
    const { body } = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
    expect(body.embedded_wallet_config.announce_wallets_enabled).toBe(false)
    const [input] = readConfigFile(configFile([{ id: 'quiet-wallets-app-0000001', name: 'Quiet', embedded_wallets: {} }]))
    expect(input!.embeddedWallets?.announceWalletsEnabled).toBe(false)
  })

  it('refuses a value that is not a boolean, naming the field', () => {
    expect(() => readConfigFile(configFile([{ id: 'bad-announce-app-00000001', name: 'Bad', embedded_wallets: { announce_wallets_enabled: 'yes' } }]))).toThrow(
      'apps.0.embedded_wallets.announce_wallets_enabled',
    )
  })
})
