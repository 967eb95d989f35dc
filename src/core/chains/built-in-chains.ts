import type { Chain } from './chain.js'
/**
 * The 26 built-in EVM chains of the sign-in spec, "Entities and their fields", with public RPC defaults: the one chain table the embedded wallets'
 * supported chains, RPC resolution and external wallets' `wallet_addEthereumChain` all read.
 */

/** A built-in chain: `rpcUrl` is its public default, which an app or host RPC replaces (resolve-chains.ts). */
export type ChainDefinition = Chain

const currency = (name: string, symbol: string) => ({ name, symbol, decimals: 18 })
const ether = currency('Ether', 'ETH')
const define = (
  id: number,
  name: string,
  network: string,
  rpcUrl: string,
  blockExplorerUrl: string | null,
  testnet: boolean,
  nativeCurrency = ether,
): ChainDefinition => ({ id, name, network, nativeCurrency, rpcUrl, blockExplorerUrl, testnet })

export const builtInChains: readonly ChainDefinition[] = [
  define(1, 'Ethereum', 'mainnet', 'https://cloudflare-eth.com', 'https://etherscan.io', false),
  define(11155111, 'Sepolia', 'sepolia', 'https://rpc.sepolia.org', 'https://sepolia.etherscan.io', true, currency('Sepolia Ether', 'ETH')),
  define(17000, 'Holesky', 'holesky', 'https://ethereum-holesky-rpc.publicnode.com', 'https://holesky.etherscan.io', true, currency('Holesky Ether', 'ETH')),
  define(42161, 'Arbitrum One', 'arbitrum', 'https://arb1.arbitrum.io/rpc', 'https://arbiscan.io', false),
  define(
    421614,
    'Arbitrum Sepolia',
    'arbitrum-sepolia',
    'https://sepolia-rollup.arbitrum.io/rpc',
    'https://sepolia.arbiscan.io',
    true,
    currency('Arbitrum Sepolia Ether', 'ETH'),
  ),
  define(10, 'OP Mainnet', 'optimism', 'https://mainnet.optimism.io', 'https://optimistic.etherscan.io', false),
  define(
    11155420,
    'OP Sepolia',
    'optimism-sepolia',
    'https://sepolia.optimism.io',
    'https://sepolia-optimism.etherscan.io',
    true,
    currency('Sepolia Ether', 'ETH'),
  ),
  define(137, 'Polygon', 'matic', 'https://polygon-rpc.com', 'https://polygonscan.com', false, currency('POL', 'POL')),
  define(80002, 'Polygon Amoy', 'amoy', 'https://rpc-amoy.polygon.technology', 'https://amoy.polygonscan.com', true, currency('POL', 'POL')),
  define(42220, 'Celo', 'celo', 'https://forno.celo.org', 'https://celoscan.io', false, currency('CELO', 'CELO')),
  define(44787, 'Alfajores', 'celo-alfajores', 'https://alfajores-forno.celo-testnet.org', 'https://alfajores.celoscan.io', true, currency('CELO', 'A-CELO')),
  define(314, 'Filecoin Mainnet', 'filecoin', 'https://api.node.glif.io/rpc/v1', 'https://filfox.info/en', false, currency('filecoin', 'FIL')),
  define(
    314159,
    'Filecoin Calibration',
    'filecoin-calibration',
    'https://api.calibration.node.glif.io/rpc/v1',
    'https://calibration.filscan.io',
    true,
    currency('testnet filecoin', 'tFIL'),
  ),
  define(8453, 'Base', 'base', 'https://mainnet.base.org', 'https://basescan.org', false),
  define(84532, 'Base Sepolia', 'base-sepolia', 'https://sepolia.base.org', 'https://sepolia.basescan.org', true, currency('Sepolia Ether', 'ETH')),
  define(80085, 'Berachain Artio', 'berachain-artio', 'https://artio.rpc.berachain.com', 'https://artio.beratrail.io', true, currency('BERA Token', 'BERA')),
  define(42, 'LUKSO', 'lukso', 'https://rpc.mainnet.lukso.network', 'https://explorer.execution.mainnet.lukso.network', false, currency('LUKSO', 'LYX')),
  define(59144, 'Linea Mainnet', 'linea-mainnet', 'https://rpc.linea.build', 'https://lineascan.build', false, currency('Linea Ether', 'ETH')),
  define(
    59140,
    'Linea Goerli Testnet',
    'linea-testnet',
    'https://rpc.goerli.linea.build',
    'https://goerli.lineascan.build',
    true,
    currency('Linea Ether', 'ETH'),
  ),
  define(43114, 'Avalanche', 'avalanche', 'https://api.avax.network/ext/bc/C/rpc', 'https://snowtrace.io', false, currency('Avalanche', 'AVAX')),
  define(
    43113,
    'Avalanche Fuji',
    'avalanche-fuji',
    'https://api.avax-test.network/ext/bc/C/rpc',
    'https://testnet.snowtrace.io',
    true,
    currency('Avalanche Fuji', 'AVAX'),
  ),
  define(7777777, 'Zora', 'zora', 'https://rpc.zora.energy', 'https://explorer.zora.energy', false),
  define(
    999,
    'Zora Goerli Testnet',
    'zora-testnet',
    'https://testnet.rpc.zora.energy',
    'https://testnet.explorer.zora.energy',
    true,
    currency('Zora Goerli', 'ETH'),
  ),
  define(
    999999999,
    'Zora Sepolia',
    'zora-sepolia',
    'https://sepolia.rpc.zora.energy',
    'https://sepolia.explorer.zora.energy',
    true,
    currency('Zora Sepolia', 'ETH'),
  ),
  define(690, 'Redstone', 'redstone', 'https://rpc.redstonechain.com', 'https://explorer.redstone.xyz', false),
  define(17069, 'Garnet Holesky', 'garnet-holesky', 'https://rpc.garnetchain.com', 'https://explorer.garnetchain.com', true),
]

/**
 * Not among the 26, but external wallets may be asked to add them (SIWE's default chains, server
 * `DEFAULT_SIWE_CHAIN_IDS`): BNB Smart Chain and a local anvil node.
 */
export const otherKnownChains: readonly ChainDefinition[] = [
  define(56, 'BNB Smart Chain', 'bsc', 'https://bsc-dataseed.bnbchain.org', 'https://bscscan.com', false, currency('BNB', 'BNB')),
  define(31337, 'Anvil', 'anvil', 'http://127.0.0.1:8545', null, true),
]
