/** Checks of what the host sends: a malformed request is answered `invalid_request_arguments` before anything is loaded. */
import type { EmbeddedChainType, EntropyIdVerifier } from '../../protocol/index.js'
import { FrameError } from '../errors.js'

const invalid = (what: string) => new FrameError('invalid_request_arguments', `Invalid ${what}`)

export function requireAccessToken(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new FrameError('invalid_request_arguments', 'Missing access token')
  if (value.length > 8192) throw invalid('access token')
  return value
}

export function requireText(value: unknown, what: string, maxLength = 1024): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) throw invalid(what)
  return value
}

export function requireVerifier(value: unknown): EntropyIdVerifier {
  if (value !== 'ethereum-address-verifier' && value !== 'solana-address-verifier') throw invalid('entropyIdVerifier')
  return value
}

export function requireChainType(value: unknown): EmbeddedChainType {
  if (value !== 'ethereum' && value !== 'solana') throw invalid('chainType')
  return value
}

/** HD wallet indexes: non-negative integers within BIP-32's non-hardened range. */
export function requireWalletIndex(value: unknown, minimum = 0): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum || value >= 0x8000_0000) throw invalid('hdWalletIndex')
  return value
}

export function requirePassword(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new FrameError('invalid_request_arguments', 'Missing recovery password')
  if (value.length > 1024) throw invalid('recovery password')
  return value
}
