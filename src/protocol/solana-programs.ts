/** Well-known Solana program ids the client, the server and the local stand-ins name (base58). */
export const SPL_TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The Associated Token Account program: a wallet's token account of a mint is its PDA over (owner, token program, mint). */
export const SPL_ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
