import { entryPoint07Address, entryPoint08Address, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import type { Address, Hex, LocalAccount } from 'viem'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { checkSponsorshipPolicy, requireGasSponsorship } from './check-policy.js'
import { decodeAccountCalls } from './decode-account-calls.js'
import { evmNetwork, reserveSponsoredSpend, utcDay } from './ledger.js'
import { loadPaymasterAccount } from './paymaster-key.js'
import { sponsorshipNotEnabled } from './policy-errors.js'
import { ENTRY_POINT_VERSIONS, PAYMASTER_CONTEXT_DEFAULTS, type EntryPointVersion, type SponsoredChainSettings } from './settings.js'
import { packPaymasterGasLimits, signPaymasterData, stubPaymasterData, type PaymasterWindow } from './verifying-paymaster.js'

/** The VerifyingPaymaster's validation (an ecrecover over a hash of the operation) stays well under this; it has no postOp. */
export const PAYMASTER_VERIFICATION_GAS_LIMIT = 100_000n
export const PAYMASTER_POST_OP_GAS_LIMIT = 0n
/** The longest a signed sponsorship stays valid, whatever the context asks. */
export const MAX_PAYMASTER_EXPIRY_SECONDS = 3600

const entryPointOf: Record<EntryPointVersion, Address> = { '0.7': entryPoint07Address, '0.8': entryPoint08Address }

export interface SponsorRequest {
  app: AppRecord
  userId: string
  chainId: number
  entryPoint: Address
  userOperation: UserOperation<'0.7'>
  /** Seconds the sponsorship stays valid (context `expiry`). */
  expirySeconds?: number
}

export interface PaymasterFields {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/**
 * The policy's per-request rules for one user operation: the chain's VerifyingPaymaster for the operation's
 * EntryPoint, or a refusal naming the rule (an EntryPoint the chain has no paymaster for: the ones it has).
 */
export function checkUserOperationPolicy(request: SponsorRequest): Address {
  const settings = requireGasSponsorship(request.app)
  const chain = checkSponsorshipPolicy(settings, { chainId: request.chainId, calls: decodeAccountCalls(request.userOperation.callData) })
  const version = ENTRY_POINT_VERSIONS.find((candidate) => entryPointOf[candidate].toLowerCase() === request.entryPoint.toLowerCase())
  const paymaster = version && chain.paymasters[version]
  if (paymaster) return paymaster
  throw invalidData(`This app's paymasters on chain ${request.chainId} serve EntryPoint ${servedEntryPoints(chain)}, not ${request.entryPoint}`)
}

/** '0.7 (0x…) and 0.8 (0x…)': the EntryPoints a chain has paymasters for. */
function servedEntryPoints(chain: SponsoredChainSettings): string {
  return ENTRY_POINT_VERSIONS.filter((version) => chain.paymasters[version])
    .map((version) => `${version} (${entryPointOf[version]})`)
    .join(' and ')
}

/** How far validAfter goes back: the EntryPoint compares it with the block's timestamp, which trails the server's clock. */
export const BLOCK_TIME_SKEW_SECONDS = 60

function signingWindow(ctx: ServerContext, expirySeconds: number = PAYMASTER_CONTEXT_DEFAULTS.expiry): PaymasterWindow {
  const now = Math.floor(ctx.clock.now() / 1000)
  return { validAfter: now - BLOCK_TIME_SKEW_SECONDS, validUntil: now + Math.min(expirySeconds, MAX_PAYMASTER_EXPIRY_SECONDS) }
}

/** `pm_getPaymasterStubData`: the policy checked, paymaster fields of the final size for gas estimation. */
export function paymasterStubData(ctx: ServerContext, request: SponsorRequest): PaymasterFields {
  return {
    paymaster: checkUserOperationPolicy(request),
    paymasterData: stubPaymasterData(signingWindow(ctx, request.expirySeconds)),
    paymasterVerificationGasLimit: request.userOperation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: request.userOperation.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT,
  }
}

/** The most the EntryPoint can charge the paymaster for the operation: every gas limit at the maximum fee. */
export function maximumCost(op: UserOperation<'0.7'>, fields: Pick<PaymasterFields, 'paymasterVerificationGasLimit' | 'paymasterPostOpGasLimit'>): bigint {
  const gas = op.verificationGasLimit + op.callGasLimit + op.preVerificationGas + fields.paymasterVerificationGasLimit + fields.paymasterPostOpGasLimit
  return gas * op.maxFeePerGas
}

/**
 * `pm_getPaymasterData`: the policy checked, the operation's maximum cost reserved against the user's daily cap, then
 * the VerifyingPaymaster data signed with the app's paymaster key (valid from now for the context's expiry).
 */
export async function signedPaymasterData(ctx: ServerContext, request: SponsorRequest): Promise<PaymasterFields & { maximumCost: bigint }> {
  // The stub checks the policy: a refusal comes before the key is loaded.
  const fields = { ...paymasterStubData(ctx, request), paymasterData: '0x' as Hex }
  const signer = await loadPaymasterAccount(ctx.db, ctx.keyEncryptionKeys, request.app.id)
  if (!signer) throw sponsorshipNotEnabled()
  const cost = maximumCost(request.userOperation, fields)
  const capWei = BigInt(requireGasSponsorship(request.app).dailyCapPerUserWei)
  await reserveSponsoredSpend(
    ctx.db,
    { appId: request.app.id, userId: request.userId, network: evmNetwork(request.chainId), day: utcDay(ctx.clock.now()) },
    cost,
    capWei,
  )
  const paymasterData = await signFor(signer, request, fields, signingWindow(ctx, request.expirySeconds))
  return { ...fields, paymasterData, maximumCost: cost }
}

function signFor(signer: LocalAccount, request: SponsorRequest, fields: PaymasterFields, window: PaymasterWindow): Promise<Hex> {
  const packed = toPackedUserOperation({ ...request.userOperation, ...fields, paymasterData: '0x' })
  packed.paymasterAndData = packPaymasterGasLimits(fields.paymaster, fields.paymasterVerificationGasLimit, fields.paymasterPostOpGasLimit)
  return signPaymasterData(signer, packed, { ...window, chainId: request.chainId, paymaster: fields.paymaster })
}
