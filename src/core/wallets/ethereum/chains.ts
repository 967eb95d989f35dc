/** What `wallet_addEthereumChain` needs for the chains a wallet may not know yet (EIP-3085). */

export interface AddEthereumChainParameter {
  chainId: string
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const chain = (id: number, chainName: string, rpcUrl: string, explorer: string | null, nativeCurrency = ether): AddEthereumChainParameter => ({
  chainId: `0x${id.toString(16)}`,
  chainName,
  nativeCurrency,
  rpcUrls: [rpcUrl],
  ...(explorer && { blockExplorerUrls: [explorer] }),
})

/** The chains SIWE accepts by default (server `DEFAULT_SIWE_CHAIN_IDS`), with public RPCs. */
const builtInChains = [
  chain(1, 'Ethereum', 'https://cloudflare-eth.com', 'https://etherscan.io'),
  chain(10, 'OP Mainnet', 'https://mainnet.optimism.io', 'https://optimistic.etherscan.io'),
  chain(56, 'BNB Smart Chain', 'https://bsc-dataseed.bnbchain.org', 'https://bscscan.com', { name: 'BNB', symbol: 'BNB', decimals: 18 }),
  chain(137, 'Polygon', 'https://polygon-rpc.com', 'https://polygonscan.com', { name: 'POL', symbol: 'POL', decimals: 18 }),
  chain(8453, 'Base', 'https://mainnet.base.org', 'https://basescan.org'),
  chain(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', 'https://arbiscan.io'),
  chain(11155111, 'Sepolia', 'https://rpc.sepolia.org', 'https://sepolia.etherscan.io'),
  chain(84532, 'Base Sepolia', 'https://sepolia.base.org', 'https://sepolia.basescan.org'),
  chain(31337, 'Anvil', 'http://127.0.0.1:8545', null),
]

export function addChainParameter(chainId: number): AddEthereumChainParameter | null {
  return builtInChains.find((candidate) => Number.parseInt(candidate.chainId, 16) === chainId) ?? null
}
