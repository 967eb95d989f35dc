/** Sign-in spec, "Entities and their fields": `solanaClusters`: the app's or host's RPC per cluster over the public endpoints. */
import type { SolanaCluster } from '../config/types.js'

const publicClusters: readonly SolanaCluster[] = [
  { name: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com', blockExplorerUrl: 'https://explorer.solana.com' },
  { name: 'devnet', rpcUrl: 'https://api.devnet.solana.com', blockExplorerUrl: 'https://explorer.solana.com?cluster=devnet' },
  { name: 'testnet', rpcUrl: 'https://api.testnet.solana.com', blockExplorerUrl: 'https://explorer.solana.com?cluster=testnet' },
]

/** Configured clusters first (the first one is the default cluster), then the public ones not configured. */
export function resolveSolanaClusters(configured: SolanaCluster[]): SolanaCluster[] {
  return [...configured, ...publicClusters.filter((cluster) => !configured.some((own) => own.name === cluster.name))]
}

/** A cluster by name, or by a name containing 'devnet' or 'testnet' (sign-in spec, "Business constants and limits"); default: the first. */
export function findSolanaCluster(clusters: SolanaCluster[], name?: string): SolanaCluster {
  if (!name) return clusters[0]!
  const wanted = name.includes('devnet') ? 'devnet' : name.includes('testnet') ? 'testnet' : 'mainnet-beta'
  return clusters.find((cluster) => cluster.name === wanted)!
}
