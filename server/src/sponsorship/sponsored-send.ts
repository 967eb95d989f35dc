import { createPublicClient, defineChain, http, type Address, type Hex, type PublicClient } from 'viem'
import { createBundlerClient, entryPoint08Address, toSimple7702SmartAccount, type UserOperation } from 'viem/account-abstraction'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { UPSTREAM_TIMEOUT_MS } from '../rpc/relay-json-rpc.js'
import type { WalletSigner } from '../signer/types.js'
import { evmNetwork, releaseSponsoredSpend, utcDay } from './ledger.js'
import { policyViolation } from './policy-errors.js'
import { serverWalletOwner, signDelegation, type SignerKeyRef } from './server-wallet-owner.js'
import { checkUserOperationPolicy, paymasterStubData, signedPaymasterData, type SponsorRequest } from './sponsor-user-operation.js'
import { requireGasSponsorship } from './check-policy.js'

/** How long a sponsored send waits for the bundle that carries its operation. */
export const SPONSORED_RECEIPT_TIMEOUT_MS = 60_000

export interface SponsoredSendInput {
  app: AppRecord
  signer: WalletSigner
  wallet: { userId: string; address: string; signerKeyId: string }
  chainId: number
  call: { to: Address; value: bigint; data: Hex }
}

const SPONSORED_SENDS_NEED_ENTRY_POINT_08 = (chainId: number) =>
  policyViolation(`Sponsorship policy: chain ${chainId} has no paymaster for EntryPoint 0.8; sponsored sends from server-managed wallets need it (EIP-7702)`)

/**
 * `eth_sendTransaction` with `sponsor: true`: the wallet's EOA runs the call as an EIP-7702 Simple7702Account through
 * EntryPoint 0.8 and the app's bundler, paid by the app's paymaster (policy checked, the maximum cost reserved, the
 * unused part given back after the receipt). The delegation is signed only while the EOA is not yet delegated.
 * Answers the hash of the bundler's transaction that carried the operation.
 */
export async function sendSponsoredTransaction(ctx: ServerContext, input: SponsoredSendInput): Promise<Hex> {
  const settings = requireGasSponsorship(input.app)
  const chain = settings.chains[String(input.chainId)]
  const appChain = input.app.chains.find((candidate) => candidate.id === input.chainId)
  if (!appChain) throw invalidData(`Unsupported chainId ${input.chainId}`)
  if (chain && !chain.paymasters['0.8']) throw SPONSORED_SENDS_NEED_ENTRY_POINT_08(input.chainId)
  // The smart account reads the chain id from its client's chain.
  const viemChain = defineChain({
    id: appChain.id,
    name: appChain.name,
    nativeCurrency: appChain.nativeCurrency,
    rpcUrls: { default: { http: [appChain.rpcUrl] } },
  })
  const client = createPublicClient({ chain: viemChain, transport: http(appChain.rpcUrl, { timeout: UPSTREAM_TIMEOUT_MS, retryCount: 0 }) })
  const key: SignerKeyRef = { signer: input.signer, appId: input.app.id, keyId: input.wallet.signerKeyId, address: input.wallet.address as Address }
  const implementation = chain?.simple7702AccountAddress
  const owner = serverWalletOwner(key) as Parameters<typeof toSimple7702SmartAccount>[0]['owner']
  const account = await toSimple7702SmartAccount({ client, owner, ...(implementation && { implementation }) })
  let reserved = 0n
  const sponsorRequest = (userOperation: UserOperation<'0.7'>): SponsorRequest => ({
    app: input.app,
    userId: input.wallet.userId,
    chainId: input.chainId,
    entryPoint: entryPoint08Address,
    userOperation,
  })
  // Checked before anything is signed: a refusal costs nothing.
  checkUserOperationPolicy(sponsorRequest({ callData: await account.encodeCalls([input.call]) } as UserOperation<'0.7'>))
  const bundler = createBundlerClient({
    account,
    client,
    transport: http(chain!.bundlerUrl, { timeout: UPSTREAM_TIMEOUT_MS, retryCount: 0 }),
    pollingInterval: 250,
    paymaster: {
      getPaymasterStubData: async (operation) => paymasterStubData(ctx, sponsorRequest(operation as unknown as UserOperation<'0.7'>)),
      getPaymasterData: async (operation) => {
        const signed = await signedPaymasterData(ctx, sponsorRequest(operation as unknown as UserOperation<'0.7'>))
        reserved = signed.maximumCost
        return signed
      },
    },
  })
  const spendKey = { appId: input.app.id, userId: input.wallet.userId, network: evmNetwork(input.chainId), day: utcDay(ctx.clock.now()) }
  try {
    const authorization = await delegationIfNeeded(client, key, account.authorization.address, input.chainId)
    const hash = await bundler.sendUserOperation({ calls: [input.call], ...(authorization && { authorization }) })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: SPONSORED_RECEIPT_TIMEOUT_MS })
    await releaseSponsoredSpend(ctx.db, spendKey, reserved - receipt.actualGasCost)
    return receipt.receipt.transactionHash
  } catch (error) {
    // Not sent (or its fate unknown): what was reserved goes back; a later retry reserves again.
    if (reserved > 0n) await releaseSponsoredSpend(ctx.db, spendKey, reserved)
    throw error
  }
}

/** The EOA's EIP-7702 delegation to the account, signed only when its code does not already designate it. */
async function delegationIfNeeded(client: PublicClient, key: SignerKeyRef, implementation: Address, chainId: number) {
  const code = await client.getCode({ address: key.address })
  if (code?.toLowerCase() === `0xef0100${implementation.slice(2).toLowerCase()}`) return undefined
  return signDelegation(key, { contract: implementation, chainId, nonce: await client.getTransactionCount({ address: key.address }) })
}
