/** Funding errors with the spec's copy (funding spec, "Validation rules" and "The error catalogue"); loaded with the funding code only. */
import { shortenAddress } from '../utils/shorten-address.js'
import { TesseraError } from './base-error.js'

/** The landing's banner after a card or exchange attempt failed (funding spec, "The error catalogue"). */
export const CARD_FUNDING_FAILED_MESSAGE = 'Something went wrong adding funds. Please try again or use another method.'
/** The second provider's variant, with its display name. */
export const secondProviderFailedMessage = (provider: string) =>
  `Something went wrong adding funds from ${provider}. Please try again or use another method to fund your wallet.`

export const BRIDGE_REFUNDED_MESSAGE = 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.'

export const fundingNotEnabledError = () => new TesseraError({ code: 'feature_not_enabled', shortMessage: 'Wallet funding is not enabled' })

/** 'Transfer from wallet' where the app offers no transfer from an external wallet (or not for this asset). */
export const fundingWalletNotEnabledError = () => new TesseraError({ code: 'feature_not_enabled', shortMessage: 'Funding wallet is not enabled' })

/** The funding input does not match its chain type (or is not funding input at all). */
export const invalidFundingDataError = (details?: string) => new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid funding data', details })

export const fundingChainNotListedError = (chainId: number) =>
  new TesseraError({ code: 'unsupported_chain_id', shortMessage: `Funding chain ${chainId} is not in the provider's chains list` })

export const solanaTestnetUsdcError = () => new TesseraError({ code: 'not_supported', shortMessage: 'USDC funding is not supported on the Solana testnet' })

/** The first card provider sells on five networks only (funding spec, "Validation rules"). */
export const coinbaseUnsupportedChainError = (chainId: number) =>
  new TesseraError({ code: 'unsupported_chain_id', shortMessage: `Unsupported chainId: ${chainId} for Coinbase Onramp` })

export const tokenDetailsError = (cause: unknown) => new TesseraError({ code: 'invalid_data', shortMessage: 'Unable to fetch token details', cause })

/** The provider's window could not open (a blocker), or no UI is there to show the session. */
export const initializeFlowError = (details?: string) => new TesseraError({ code: 'not_supported', shortMessage: 'Unable to initialize flow', details })

/** Funding spec, "The error catalogue", INSUFFICIENT_BALANCE: its error screen offers the way back to 'Transfer from wallet'. */
export const notEnoughFundsError = (address: string) =>
  new TesseraError({ code: 'insufficient_balance', shortMessage: `Wallet ${shortenAddress(address)} does not have enough funds.` })

/** The ERC-20 is there but the native currency for gas is not. */
export const notEnoughGasError = (address: string) =>
  new TesseraError({
    code: 'insufficient_balance',
    shortMessage: `Wallet ${shortenAddress(address)} doesn't have enough funds to cover gas fees. Top up your wallet and try again.`,
  })

export const bridgeQuotesError = (details?: string) =>
  new TesseraError({ code: 'insufficient_balance', shortMessage: 'Unable to fetch quotes for bridging', details })

export const bridgeRefundedError = (status: string) =>
  new TesseraError({ code: 'transaction_failure', shortMessage: BRIDGE_REFUNDED_MESSAGE, details: `Bridge status: ${status}` })

/** The paying wallet declined (EIP-1193 4001, or a wallet-standard rejection). */
export const transferRejectedError = (cause: unknown) => new TesseraError({ code: 'transaction_failure', shortMessage: 'User rejected the request.', cause })
