/**
 * The reference SDK's Solana plugin hooks. Tessera needs neither: Solana funding loads with the funding flow itself,
 * and Ledger-held Solana wallets sign through their wallet-standard wallet like any other. They are kept so code
 * written for the reference runs unchanged; each does nothing, as the reference's own Ledger plugin does.
 */
export function useSolanaFundingPlugin(): void {}

export function useSolanaLedgerPlugin(): void {}
