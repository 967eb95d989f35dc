import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appInputFromFlags, UsageError } from '../../apps/app-flags.js'
import { appDefaults } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import { OPTIMISM_ID_REGISTRY } from './settings.js'
import { readConfigFile } from '../../config.js'
import { approveInFarcasterApp } from '../../test-support/farcaster-app.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

const APP_ID = 'farcastertestapp000000001'
const REGISTRY = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function configFile(app: Record<string, unknown>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-farcaster-')), 'config.json')
  writeFileSync(path, JSON.stringify({ apps: [{ id: APP_ID, name: 'FC', login_methods: ['farcaster'], ...app }] }))
  return path
}

describe('Farcaster registry settings', () => {
  it('default to the ID registry on Optimism mainnet', () => {
    expect(appDefaults.farcaster).toEqual({
      rpcUrl: 'https://mainnet.optimism.io',
      idRegistryAddress: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      chainId: 10,
    })
    const [app] = readConfigFile(configFile({}), {})
    expect(app?.farcaster).toBeUndefined()
  })

  it('are read from the config file', () => {
    const [app] = readConfigFile(configFile({ farcaster: { rpc_url: 'http://127.0.0.1:8545', id_registry_address: REGISTRY, chain_id: 31337 } }), {})
    expect(app?.loginMethods).toEqual(['farcaster'])
    expect(app?.farcaster).toEqual({ rpcUrl: 'http://127.0.0.1:8545', idRegistryAddress: REGISTRY, chainId: 31337 })
    expect(() => readConfigFile(configFile({ farcaster: { rpc_url: 'http://127.0.0.1:8545', id_registry_address: 'nope', chain_id: 1 } }), {})).toThrow(
      /contract address/,
    )
  })

  it('are changed part by part with CLI flags, and restored with --farcaster-registry default', () => {
    const base: AppRecord = { ...appDefaults, id: APP_ID, name: 'FC' }
    const local = appInputFromFlags(
      { 'farcaster-rpc-url': 'http://127.0.0.1:8545', 'farcaster-id-registry': REGISTRY, 'farcaster-chain-id': '31337' },
      base,
      '.',
      {},
    )
    expect(local.farcaster).toEqual({ rpcUrl: 'http://127.0.0.1:8545', idRegistryAddress: REGISTRY, chainId: 31337 })
    const current = { ...base, farcaster: local.farcaster! }
    expect(appInputFromFlags({ 'farcaster-rpc-url': 'https://rpc.example' }, current, '.', {}).farcaster).toEqual({
      ...local.farcaster,
      rpcUrl: 'https://rpc.example',
    })
    expect(appInputFromFlags({}, current, '.', {}).farcaster).toBeUndefined()
    expect(appInputFromFlags({ 'farcaster-registry': 'default' }, current, '.', {}).farcaster).toEqual(OPTIMISM_ID_REGISTRY)
    expect(() => appInputFromFlags({ 'farcaster-id-registry': '0x12' }, base, '.', {})).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'farcaster-chain-id': 'ten' }, base, '.', {})).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'farcaster-rpc-url': 'ftp://x' }, base, '.', {})).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'farcaster-registry': 'default', 'farcaster-chain-id': '1' }, base, '.', {})).toThrow(/cannot be combined/)
  })
})

describe('Farcaster with an unreachable registry RPC', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer({
      app: {
        allowedOrigins: ['https://app.example'],
        loginMethods: ['farcaster'],
        farcaster: { rpcUrl: 'http://127.0.0.1:9', idRegistryAddress: REGISTRY, chainId: 31337 },
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('refuses the sign-in with 400 invalid_credentials, not a server error', async () => {
    const headers = { origin: 'https://app.example' }
    const init = await t.call('/api/v1/farcaster/init', { body: {}, headers })
    const custody = privateKeyToAccount(generatePrivateKey())
    expect((await approveInFarcasterApp({ apiUrl: t.url, connectUri: init.body.connect_uri, fid: 3, custody, now: new Date(t.clock.now()) })).status).toBe(200)
    const status = await t.call('/api/v1/farcaster/status', { headers: { ...headers, 'farcaster-channel-token': init.body.channel_token } })
    const response = await t.call('/api/v1/farcaster/authenticate', {
      body: { channel_token: init.body.channel_token, message: status.body.message, signature: status.body.signature, fid: 3 },
      headers,
    })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_credentials')
  })
})
