/** The published mnemonic anvil derives its default accounts from: their keys are public, for local chains only. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
