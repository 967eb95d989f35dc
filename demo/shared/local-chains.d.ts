import type { TesseraClient } from 'tessera'

export declare const ETH_RECIPIENT: string
export declare const SOL_RECIPIENT: string
export declare const ETH_AMOUNT_WEI: bigint
export declare const SOL_AMOUNT_LAMPORTS: bigint
// biome-ignore lint/suspicious/noExplicitAny: the demo reads whatever the JSON-RPC method answers
export declare function rpc(url: string, method: string, params: unknown[]): Promise<any>
export declare function localEvmChain(client: TesseraClient): Promise<{ id: number; rpcUrl: string }>
export declare function localSolanaRpcUrl(client: TesseraClient): string
export declare function fundWallets(addresses: { ethereum?: string; solana?: string }): Promise<void>
export declare function sendEth(client: TesseraClient, from: string, options?: { sponsor?: boolean }): Promise<string>
export declare function sendSol(client: TesseraClient, from: string, options?: { sponsor?: boolean }): Promise<string>
export declare function base58Decode(text: string): Uint8Array
export declare function splAmount(splToken: { decimals: number }): bigint
export declare function sendSplTokens(
  client: TesseraClient,
  from: string,
  splToken: { mint: string; symbol: string; decimals: number; recipientTokenAccount: string },
): Promise<string>
