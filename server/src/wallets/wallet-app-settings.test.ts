import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import { readConfigFile } from '../config.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const dir = mkdtempSync(join(tmpdir(), 'tessera-wallet-config-'))
const id = 'wallet-config-app-0000001'
const P256_SPKI = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
const walletSettings = {
  embedded_wallets: {
    ethereum_create_on_login: 'users-without-wallets',
    solana_create_on_login: 'all-users',
    require_user_password_on_create: true,
    require_user_owned_recovery_on_create: true,
    user_owned_recovery_options: ['user-passcode', 'google-drive'],
  },
  chains: [
    {
      id: 31337,
      name: 'Anvil',
      native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpc_url: 'http://127.0.0.1:8545',
      block_explorer_url: null,
      testnet: true,
    },
  ],
  default_chain_id: 31337,
  solana_clusters: [{ name: 'devnet', rpc_url: 'http://127.0.0.1:8899', block_explorer_url: 'https://explorer.solana.com' }],
}
const configFile = (app: Record<string, unknown>) => {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify({ apps: [{ id, name: 'Wallets', ...app }] }))
  return file
}

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ server: { configFile: configFile(walletSettings) } })
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('embedded-wallet app settings', () => {
  it('reads them from the app file and publishes them in the app config', async () => {
    const { body } = await t.call<AppConfigDto>(`/api/v1/apps/${id}`, { appId: null })
    expect(body.embedded_wallet_config).toEqual({
      create_on_login: 'users-without-wallets',
      ethereum: { create_on_login: 'users-without-wallets' },
      solana: { create_on_login: 'all-users' },
      user_owned_recovery_options: ['user-passcode', 'google-drive'],
      require_user_owned_recovery_on_create: true,
      require_user_password_on_create: true,
      announce_wallets_enabled: false,
      mode: 'legacy-embedded-wallets-only',
    })
    expect(body.chains).toEqual(walletSettings.chains)
    expect(body.default_chain_id).toBe(31337)
    expect(body.solana_clusters).toEqual(walletSettings.solana_clusters)
  })

  it('defaults to no wallet on login and no extra chains', async () => {
    const { body } = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
    expect(body.embedded_wallet_config).toMatchObject({
      create_on_login: 'off',
      ethereum: { create_on_login: 'off' },
      solana: { create_on_login: 'off' },
      require_user_password_on_create: false,
      require_user_owned_recovery_on_create: false,
    })
    expect(body).toMatchObject({ chains: [], default_chain_id: null, solana_clusters: [] })
  })

  it('fills defaults inside the settings and refuses bad ids, URLs and modes', () => {
    const [input] = readConfigFile(
      configFile({
        embedded_wallets: { solana_create_on_login: 'all-users' },
        chains: [{ id: 10, name: 'OP', native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpc_url: 'https://rpc.example' }],
      }),
    )
    expect(input!.embeddedWallets).toEqual({
      ethereumCreateOnLogin: 'off',
      solanaCreateOnLogin: 'all-users',
      requireUserPasswordOnCreate: false,
      requireUserOwnedRecoveryOnCreate: false,
      userOwnedRecoveryOptions: ['user-passcode'],
      googleDriveApiUrl: 'https://www.googleapis.com',
      delegatedActionsEnabled: false,
      announceWalletsEnabled: false,
      mode: 'legacy-embedded-wallets-only',
      sessionSigners: [],
    })
    const [withSigners] = readConfigFile(configFile({ embedded_wallets: { session_signers: [{ id: 'backend1', public_key: P256_SPKI }] } }))
    expect(withSigners!.embeddedWallets!.sessionSigners).toEqual([{ id: 'backend1', publicKey: P256_SPKI }])
    expect(input!.chains).toEqual([
      {
        id: 10,
        name: 'OP',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'https://rpc.example',
        blockExplorerUrl: null,
        testnet: false,
      },
    ])
    const chain = walletSettings.chains[0]!
    for (const [app, problem] of [
      [{ embedded_wallets: { ethereum_create_on_login: 'sometimes' } }, 'apps.0.embedded_wallets.ethereum_create_on_login'],
      [{ embedded_wallets: { user_owned_recovery_options: ['dropbox'] } }, 'apps.0.embedded_wallets.user_owned_recovery_options.0'],
      [{ embedded_wallets: { google_drive_api_url: 'file:///etc' } }, 'apps.0.embedded_wallets.google_drive_api_url'],
      [{ embedded_wallets: { mode: 'server-wallets' } }, 'apps.0.embedded_wallets.mode'],
      [{ embedded_wallets: { session_signers: ['not a key'] } }, 'apps.0.embedded_wallets.session_signers.0'],
      [{ embedded_wallets: { session_signers: [{ id: 'backend', public_key: 'not a key' }] } }, 'apps.0.embedded_wallets.session_signers.0.public_key'],
      [{ embedded_wallets: { session_signers: [{ id: 'Back-end', public_key: P256_SPKI }] } }, 'apps.0.embedded_wallets.session_signers.0.id'],
      [
        {
          embedded_wallets: {
            session_signers: [
              { id: 'backend', public_key: P256_SPKI },
              { id: 'backend', public_key: P256_SPKI },
            ],
          },
        },
        'ids must be unique',
      ],
      [{ chains: [{ ...chain, rpc_url: 'javascript:alert(1)' }] }, 'apps.0.chains.0.rpc_url'],
      [{ chains: [{ ...chain, id: 0 }] }, 'apps.0.chains.0.id'],
      [{ chains: [{ ...chain, id: 1.5 }] }, 'apps.0.chains.0.id'],
      [{ chains: [chain, chain] }, 'chain ids must be distinct'],
      [{ default_chain_id: -1 }, 'apps.0.default_chain_id'],
      [{ solana_clusters: [{ name: 'localnet', rpc_url: 'http://127.0.0.1:8899' }] }, 'apps.0.solana_clusters.0.name'],
      [{ solana_clusters: [{ name: 'devnet', rpc_url: 'ftp://127.0.0.1' }] }, 'apps.0.solana_clusters.0.rpc_url'],
    ] as const) {
      expect(() => readConfigFile(configFile(app)), problem).toThrow(problem)
    }
  })
})
