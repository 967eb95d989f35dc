import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appInputFromFlags, UsageError } from '../../apps/app-flags.js'
import { appDefaults } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import { OPTIMISM_ID_REGISTRY, OPTIMISM_KEY_REGISTRY_ADDRESS } from './settings.js'
import { readConfigFile } from '../../config.js'

const APP_ID = 'farcastersignerapp0000001'
const ID_REGISTRY = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const KEY_REGISTRY = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

function configFile(farcaster: Record<string, unknown>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tessera-farcaster-signer-')), 'config.json')
  writeFileSync(path, JSON.stringify({ apps: [{ id: APP_ID, name: 'FC', login_methods: ['farcaster'], farcaster }] }))
  return path
}

describe('the Farcaster key registry setting', () => {
  it('defaults to the KeyRegistry on Optimism mainnet', () => {
    expect(OPTIMISM_KEY_REGISTRY_ADDRESS).toBe('0x00000000Fc1237824fb747aBDE0FF18990E59b7e')
    expect(appDefaults.farcaster.keyRegistryAddress).toBeUndefined()
  })

  it('is read from the config file next to the ID registry', () => {
    const local = { rpc_url: 'http://127.0.0.1:8545', id_registry_address: ID_REGISTRY, chain_id: 31337 }
    expect(readConfigFile(configFile({ ...local, key_registry_address: KEY_REGISTRY }), {})[0]?.farcaster).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      idRegistryAddress: ID_REGISTRY,
      chainId: 31337,
      keyRegistryAddress: KEY_REGISTRY,
    })
    expect(readConfigFile(configFile(local), {})[0]?.farcaster?.keyRegistryAddress).toBeUndefined()
    expect(() => readConfigFile(configFile({ ...local, key_registry_address: 'nope' }), {})).toThrow(/contract address/)
  })

  it('is changed with --farcaster-key-registry, kept by the other flags, and dropped by --farcaster-registry default', () => {
    const base: AppRecord = { ...appDefaults, id: APP_ID, name: 'FC' }
    const local = appInputFromFlags({ 'farcaster-key-registry': KEY_REGISTRY }, base, '.', {}).farcaster!
    expect(local).toEqual({ ...OPTIMISM_ID_REGISTRY, keyRegistryAddress: KEY_REGISTRY })
    const current = { ...base, farcaster: local }
    expect(appInputFromFlags({ 'farcaster-chain-id': '31337' }, current, '.', {}).farcaster).toEqual({ ...local, chainId: 31337 })
    expect(appInputFromFlags({ 'farcaster-registry': 'default' }, current, '.', {}).farcaster).toEqual(OPTIMISM_ID_REGISTRY)
    expect(() => appInputFromFlags({ 'farcaster-key-registry': '0x12' }, base, '.', {})).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'farcaster-registry': 'default', 'farcaster-key-registry': KEY_REGISTRY }, base, '.', {})).toThrow(/cannot be combined/)
  })
})
