import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import { readConfigFile } from '../config.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const PROJECT_ID = '0123456789abcdef0123456789abcdef'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

it('serves the WalletConnect Cloud project id in the app config, null when none is set', async () => {
  const without = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
  expect(without.body.wallet_connect_cloud_project_id).toBeNull()
  const app = await t.createApp({ name: 'WalletConnect', loginMethods: ['wallet'], walletConnectProjectId: PROJECT_ID })
  const { status, body } = await t.call<AppConfigDto>(`/api/v1/apps/${app.id}`, { appId: null })
  expect(status).toBe(200)
  expect(body.wallet_connect_cloud_project_id).toBe(PROJECT_ID)
})

it('reads the project id from the config file and refuses one that is not a project id', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
  const file = join(dir, 'tessera.config.json')
  const write = (value: unknown) =>
    writeFileSync(file, JSON.stringify({ apps: [{ id: 'config-app-00000000000009', name: 'WC', wallet_connect_cloud_project_id: value }] }))
  try {
    write(PROJECT_ID)
    expect(readConfigFile(file, {})[0]).toMatchObject({ walletConnectProjectId: PROJECT_ID })
    write('not-a-project')
    expect(() => readConfigFile(file, {})).toThrow('apps.0.wallet_connect_cloud_project_id')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

it('serves the WalletConnect relay URL set for the app (a stand-in relay, as the dev stack runs), null by default', async () => {
  const without = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
  expect(without.body.wallet_connect_relay_url).toBeNull()
  const app = await t.createApp({
    name: 'WalletConnect relay',
    loginMethods: ['wallet'],
    walletConnectProjectId: PROJECT_ID,
    walletConnectRelayUrl: 'ws://127.0.0.1:4321',
  })
  const { body } = await t.call<AppConfigDto>(`/api/v1/apps/${app.id}`, { appId: null })
  expect(body.wallet_connect_relay_url).toBe('ws://127.0.0.1:4321')
})

it('reads the relay URL from the config file and refuses one that is not a ws(s) URL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
  const file = join(dir, 'tessera.config.json')
  const write = (value: unknown) =>
    writeFileSync(file, JSON.stringify({ apps: [{ id: 'config-app-00000000000009', name: 'WC', wallet_connect_relay_url: value }] }))
  try {
    write('wss://relay.example.com')
    expect(readConfigFile(file, {})[0]).toMatchObject({ walletConnectRelayUrl: 'wss://relay.example.com' })
    for (const bad of ['https://relay.example.com', 'ws://', 'not a url']) {
      write(bad)
      expect(() => readConfigFile(file, {}), bad).toThrow('apps.0.wallet_connect_relay_url')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
