import { describe, expect, it } from 'vitest'
import { appFileSchema, appInputFromFile } from '../../apps/app-file-schema.js'
import { appInputFromFlags, UsageError } from '../../apps/app-flags.js'
import { redactSecrets } from '../../apps/redact-secrets.js'
import { REDACTED } from '../../apps/redacted.js'
import { appDefaults } from '../../apps/store.js'

const sources = { env: {}, baseDir: '.' }
const APP_ID = 'b'.repeat(25)

describe('wallet app settings', () => {
  it('are read from CLI flags, RPC URLs merged per chain', () => {
    const current = { ...appDefaults, id: APP_ID, name: 'x', walletRpcUrls: { '1': 'https://eth.example/', '10': 'https://op.example/' } }
    expect(
      appInputFromFlags({ 'siwe-chain-ids': '1,8453', 'wallet-rpc-url': ['8453=https://base.example/', '10=off'], 'max-linked-wallets': '3' }, current),
    ).toMatchObject({ siweChainIds: [1, 8453], walletRpcUrls: { '1': 'https://eth.example/', '8453': 'https://base.example/' }, maxLinkedWalletsPerUser: 3 })
    expect(appInputFromFlags({ 'siwe-chain-ids': 'default', 'max-linked-wallets': 'none' }, null)).toMatchObject({
      siweChainIds: null,
      maxLinkedWalletsPerUser: null,
    })
    expect(() => appInputFromFlags({ 'siwe-chain-ids': '1,mainnet' }, null)).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'wallet-rpc-url': ['https://eth.example'] }, null)).toThrow(UsageError)
    expect(() => appInputFromFlags({ 'max-linked-wallets': '0' }, null)).toThrow(UsageError)
  })

  it('are read from the config file', () => {
    const file = appFileSchema.parse({
      id: APP_ID,
      login_methods: ['wallet', 'solana_wallet'],
      siwe_chain_ids: [1, 31337],
      wallet_rpc_urls: { '31337': 'http://127.0.0.1:8545' },
      max_linked_wallets_per_user: 2,
    })
    expect(appInputFromFile(file, sources)).toMatchObject({
      loginMethods: ['wallet', 'solana_wallet'],
      siweChainIds: [1, 31337],
      walletRpcUrls: { '31337': 'http://127.0.0.1:8545' },
      maxLinkedWalletsPerUser: 2,
    })
    expect(appFileSchema.safeParse({ id: APP_ID, wallet_rpc_urls: { mainnet: 'https://eth.example' } }).success).toBe(false)
  })

  it('print RPC URLs without their path, where providers put API keys', () => {
    const app = { ...appDefaults, id: APP_ID, name: 'x', walletRpcUrls: { '1': 'https://eth.example/v2/secret-api-key' } }
    expect(redactSecrets(app).walletRpcUrls).toEqual({ '1': `https://eth.example/${REDACTED}` })
  })
})
