import { describe, expect, it } from 'vitest'
import { configFromDto } from '../config/from-dto.js'
import { mergeConfig } from '../config/resolve.js'
import { appConfigDto } from '../test-support/fixtures.js'
import { addChainParameter } from '../wallets/ethereum/chains.js'
import { builtInChains } from './built-in-chains.js'
import { eip1559Fees, gasRuleFor } from './gas-rules.js'
import { resolveChains, resolveDefaultChain } from './resolve-chains.js'
import { findSolanaCluster, resolveSolanaClusters } from './solana-clusters.js'

const gwei = 1_000_000_000n

describe('the built-in chains', () => {
  it('are the 26 of the sign-in spec, "Entities and their fields", each once, with an RPC and a currency', () => {
    expect(builtInChains).toHaveLength(26)
    expect(new Set(builtInChains.map((chain) => chain.id)).size).toBe(26)
    expect(builtInChains.map((chain) => chain.id).sort((a, b) => a - b)).toEqual([
      1, 10, 42, 137, 314, 690, 999, 8453, 17000, 17069, 42161, 42220, 43113, 43114, 44787, 59140, 59144, 80002, 80085, 84532, 314159, 421614, 7777777,
      11155111, 11155420, 999999999,
    ])
    for (const chain of builtInChains) {
      expect(chain.rpcUrl).toMatch(/^https:\/\//)
      expect(chain.nativeCurrency.decimals).toBe(18)
    }
    expect(builtInChains.filter((chain) => !chain.testnet).map((chain) => chain.name)).toContain('Arbitrum One')
  })

  it('describe themselves to external wallets (wallet_addEthereumChain) from the same table', () => {
    expect(addChainParameter(8453)).toEqual({
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://mainnet.base.org'],
      blockExplorerUrls: ['https://basescan.org'],
    })
    expect(addChainParameter(31337)).toMatchObject({ chainId: '0x7a69', rpcUrls: ['http://127.0.0.1:8545'] })
    expect(addChainParameter(31337)).not.toHaveProperty('blockExplorerUrls')
    expect(addChainParameter(999_999)).toBeNull()
  })
})

describe('chain and RPC resolution', () => {
  const appChain = { id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545', testnet: true }

  it('takes the built-in 26 and the app chains, the app RPC replacing a public one', () => {
    const chains = resolveChains({ appChains: [appChain, { id: 1, rpcUrl: 'https://eth.app.example' }], supportedChains: null })
    expect(chains).toHaveLength(27)
    expect(chains.find((chain) => chain.id === 1)).toMatchObject({
      name: 'Ethereum',
      rpcUrl: 'https://eth.app.example',
      blockExplorerUrl: 'https://etherscan.io',
    })
    expect(chains.at(-1)).toEqual({
      id: 31337,
      name: 'Local',
      network: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:8545',
      blockExplorerUrl: null,
      testnet: true,
    })
  })

  it("limits to the host's supportedChains, whose RPC overrides the app's, which overrides the public one", () => {
    const chains = resolveChains({
      appChains: [
        { id: 8453, rpcUrl: 'https://base.app.example' },
        { id: 10, rpcUrl: 'https://op.app.example' },
      ],
      supportedChains: [{ id: 8453, rpcUrl: 'https://base.host.example' }, { id: 10 }, { id: 1 }],
    })
    expect(chains.map((chain) => [chain.id, chain.rpcUrl])).toEqual([
      [8453, 'https://base.host.example'],
      [10, 'https://op.app.example'],
      [1, 'https://cloudflare-eth.com'],
    ])
  })

  it('refuses an empty host list', () => {
    expect(() => resolveChains({ appChains: [], supportedChains: [] })).toThrow(
      expect.objectContaining({ code: 'invalid_config', shortMessage: 'supportedChains must not be empty' }),
    )
  })

  it("refuses a chain without any RPC: 'No RPC url found for {chain}'", () => {
    expect(() => resolveChains({ appChains: [], supportedChains: [{ id: 5000, name: 'Mantle' }] })).toThrow(
      expect.objectContaining({ shortMessage: 'No RPC url found for Mantle' }),
    )
  })

  it('starts on the default chain: the configured one when supported, else Ethereum or the first host chain', () => {
    const all = resolveChains({ appChains: [], supportedChains: null })
    expect(resolveDefaultChain({ defaultChain: null, supportedChains: null }, all).id).toBe(1)
    expect(resolveDefaultChain({ defaultChain: 8453, supportedChains: null }, all).id).toBe(8453)
    const hostChains = [{ id: 10 }, { id: 8453 }]
    expect(resolveDefaultChain({ defaultChain: null, supportedChains: hostChains }, resolveChains({ appChains: [], supportedChains: hostChains })).id).toBe(10)
    expect(() => resolveDefaultChain({ defaultChain: 5, supportedChains: null }, all)).toThrow(
      expect.objectContaining({
        code: 'unsupported_chain_id',
        shortMessage: 'Chain ID 5 is not supported. It must be added to the config.supportedChains property of the provider.',
      }),
    )
  })
})

describe('gas rules (sign-in spec, "Business constants and limits")', () => {
  it('names the rule of each chain', () => {
    for (const id of [56, 97, 23294, 23295]) expect(gasRuleFor(id)).toBe('legacy-only')
    for (const id of [42161, 421614]) expect(gasRuleFor(id)).toBe('arbitrum')
    for (const id of [10, 8453, 84532, 11155420, 7777777, 999999999, 81457, 168587773]) expect(gasRuleFor(id)).toBe('op-stack')
    for (const id of [1, 137, 31337]) expect(gasRuleFor(id)).toBe('default')
  })

  it('computes the fees: Arbitrum base ×1.2 without tip, OP stack base ×1.26 plus tip, others base ×1.2 plus tip', () => {
    const inputs = { baseFeePerGas: 10n * gwei, maxPriorityFeePerGas: 2n * gwei }
    expect(eip1559Fees(42161, inputs)).toEqual({ maxFeePerGas: 12n * gwei, maxPriorityFeePerGas: 0n })
    expect(eip1559Fees(8453, inputs)).toEqual({ maxFeePerGas: 12_600_000_000n + 2n * gwei, maxPriorityFeePerGas: 2n * gwei })
    expect(eip1559Fees(1, inputs)).toEqual({ maxFeePerGas: 14n * gwei, maxPriorityFeePerGas: 2n * gwei })
  })
})

describe('Solana clusters', () => {
  it("puts the app's clusters first over the public ones, and finds one by a name containing devnet or testnet", () => {
    const clusters = resolveSolanaClusters([{ name: 'devnet', rpcUrl: 'http://127.0.0.1:8899', blockExplorerUrl: null }])
    expect(clusters.map((cluster) => [cluster.name, cluster.rpcUrl])).toEqual([
      ['devnet', 'http://127.0.0.1:8899'],
      ['mainnet-beta', 'https://api.mainnet-beta.solana.com'],
      ['testnet', 'https://api.testnet.solana.com'],
    ])
    expect(findSolanaCluster(clusters).name).toBe('devnet')
    expect(findSolanaCluster(clusters, 'solana:testnet').rpcUrl).toBe('https://api.testnet.solana.com')
    expect(findSolanaCluster(clusters, 'mainnet-beta').rpcUrl).toBe('https://api.mainnet-beta.solana.com')
    expect(findSolanaCluster(resolveSolanaClusters([])).name).toBe('mainnet-beta')
  })
})

describe('the effective config of embedded wallets and chains', () => {
  it("reads the server's settings, and the host's overrides win", () => {
    const base = appConfigDto()
    const server = configFromDto(
      appConfigDto({
        embedded_wallet_config: {
          ...base.embedded_wallet_config,
          ethereum: { create_on_login: 'users-without-wallets' },
          solana: { create_on_login: 'all-users' },
          require_user_password_on_create: true,
        },
        chains: [
          {
            id: 31337,
            name: 'Local',
            native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpc_url: 'http://127.0.0.1:8545',
            block_explorer_url: null,
            testnet: true,
          },
        ],
        default_chain_id: 31337,
        solana_clusters: [{ name: 'devnet', rpc_url: 'http://127.0.0.1:8899', block_explorer_url: null }],
      }),
    )
    expect(server.embeddedWallets).toEqual({
      createOnLogin: 'users-without-wallets',
      ethereum: { createOnLogin: 'users-without-wallets' },
      solana: { createOnLogin: 'all-users' },
      requireUserPasswordOnCreate: true,
      showWalletUIs: true,
      userOwnedRecoveryOptions: ['user-passcode'],
      requireUserOwnedRecoveryOnCreate: false,
    })
    expect(server.appChains).toEqual([
      {
        id: 31337,
        name: 'Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'http://127.0.0.1:8545',
        blockExplorerUrl: null,
        testnet: true,
      },
    ])
    expect([server.defaultChain, server.supportedChains, server.solanaClusters]).toEqual([
      31337,
      null,
      [{ name: 'devnet', rpcUrl: 'http://127.0.0.1:8899', blockExplorerUrl: null }],
    ])

    const merged = mergeConfig(server, { supportedChains: [{ id: 8453 }], defaultChain: 8453, embeddedWallets: { showWalletUIs: false } })
    expect(merged).toMatchObject({
      supportedChains: [{ id: 8453 }],
      defaultChain: 8453,
      embeddedWallets: { showWalletUIs: false, requireUserPasswordOnCreate: true },
    })
    expect(resolveDefaultChain(merged, resolveChains(merged)).rpcUrl).toBe('https://mainnet.base.org')
  })
})
