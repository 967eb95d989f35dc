// CAIP-2 chain ids, apart from wallet-api.ts so the wallet frame's protocol can name them without importing it.

/** `eip155:<chain id>`: the chain (one of the app's chains) a send goes to. */
export type EthereumCaip2 = `eip155:${number}`
/** `solana:<cluster name>`: one of the app's Solana clusters by the name its settings give it ('devnet'...). */
export type SolanaCaip2 = `solana:${'mainnet-beta' | 'devnet' | 'testnet'}`
