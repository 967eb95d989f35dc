/** Smart-wallet errors: the spec's copy where it has one ('Unsupported chainId {id}', 4901). */
import { TesseraError } from '../errors/base-error.js'

export const smartWalletsNotEnabledError = () => new TesseraError({ code: 'invalid_config', shortMessage: 'Smart wallets are not enabled for this app' })

export const unsupportedSmartWalletChainError = (chainId: number) =>
  new TesseraError({ code: 'unsupported_chain_id', shortMessage: `Unsupported chainId ${chainId}`, data: { providerCode: 4901 } })

export const unsupportedSmartWalletVersionError = (type: string, version: string) =>
  new TesseraError({ code: 'invalid_config', shortMessage: `Unsupported ${type} smart wallet version ${version}` })

export const noEmbeddedEthereumWalletError = () =>
  new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: 'The user has no embedded Ethereum wallet to own a smart wallet' })

/** The bundler or paymaster refused or failed the user operation; `details` carries their reason (never a key). */
export const userOperationFailedError = (cause: unknown) =>
  new TesseraError({ code: 'transaction_failure', shortMessage: 'The smart wallet transaction failed', details: shortReason(cause), retryable: true, cause })

function shortReason(cause: unknown): string | undefined {
  const text = (cause as { shortMessage?: unknown })?.shortMessage ?? (cause instanceof Error ? cause.message : undefined)
  return typeof text === 'string' ? text.slice(0, 300) : undefined
}
