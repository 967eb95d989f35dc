import type { TesseraClient } from 'tessera'

export interface DevChainInfo {
  contracts: { erc20: string; erc721: string; erc1155: string; reverter: string }
  erc20: { symbol: string; decimals: number }
  splToken: { mint: string; symbol: string; decimals: number; recipient: string; recipientTokenAccount: string }
}
export interface DevTransaction {
  to: string
  data?: string
  value?: string
  gas?: string
}

export declare function devChainInfo(): Promise<DevChainInfo>
export declare function getTestTokens(addresses: { ethereum?: string; solana?: string }): Promise<{ nftTokenId?: string; splTokenAccount?: string }>
export declare const MAX_UINT256: bigint
export declare const UNKNOWN_ACCOUNT: string
export declare function tokenAmount(whole: number | bigint, decimals?: number): bigint
export declare const devTransactions: {
  approve(info: DevChainInfo): DevTransaction
  transfer(info: DevChainInfo, whole?: number): DevTransaction
  transferNft(info: DevChainInfo, from: string, tokenId: string | bigint): DevTransaction
  maliciousApproval(info: DevChainInfo): DevTransaction
  reverting(info: DevChainInfo): DevTransaction
  tooMuchEth(): DevTransaction
}
export declare function sendDevTransaction(client: TesseraClient, from: string, transaction: DevTransaction): Promise<string>
