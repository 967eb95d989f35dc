/**
 * A minimal stand-in for a paymaster service, for tests of the local infrastructure: viem paymaster actions that sign
 * eth-infinitism's VerifyingPaymaster data (0.7 layout, also the 0.8 build) with a local key. The server's real
 * ERC-7677 endpoint is server/src/sponsorship; this only proves the deployed paymaster accepts what it should.
 */
import { concat, encodeAbiParameters, zeroHash, type Address, type Hex, type PublicClient } from 'viem'
import { toPackedUserOperation, type GetPaymasterDataParameters, type PaymasterActions, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import { verifyingPaymaster07Artifact } from './aa-contracts.js'

/** Valid for ten minutes from now, from now (seconds: the contract compares block timestamps). */
function validityWindow(): { validUntil: number; validAfter: number } {
  const now = Math.floor(Date.now() / 1000)
  return { validUntil: now + 600, validAfter: now - 60 }
}

const timestamps = (window: { validUntil: number; validAfter: number }): Hex =>
  encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [window.validUntil, window.validAfter])

/** Gas estimation runs validation with a well-formed signature by another key (a malformed one reverts in ECDSA). */
const stubSignature = (hash: Hex) => privateKeyToAccount(generatePrivateKey()).signMessage({ message: { raw: hash } })

/**
 * `getPaymasterStubData` and `getPaymasterData` for a smart account client's `paymaster` option: the data is the
 * validity window and `signer`'s signature over the contract's own `getHash` of the operation.
 */
export function verifyingPaymasterActions(options: { client: PublicClient; paymaster: Address; signer: LocalAccount }): Required<PaymasterActions> {
  const window = validityWindow()
  return {
    async getPaymasterStubData() {
      // The sample has no postOp: the EntryPoint never calls it.
      return { paymaster: options.paymaster, paymasterData: concat([timestamps(window), await stubSignature(zeroHash)]), paymasterPostOpGasLimit: 0n }
    },
    async getPaymasterData(userOperation: GetPaymasterDataParameters) {
      // viem asks once every gas field is estimated; getHash reads the paymaster's gas limits, not its signature.
      const stubbed = { ...(userOperation as unknown as UserOperation<'0.7'>), paymaster: options.paymaster, paymasterData: timestamps(window) }
      const hash = (await options.client.readContract({
        address: options.paymaster,
        abi: verifyingPaymaster07Artifact().abi,
        functionName: 'getHash',
        args: [toPackedUserOperation(stubbed), window.validUntil, window.validAfter],
      })) as Hex
      const signature = await options.signer.signMessage({ message: { raw: hash } })
      return { paymaster: options.paymaster, paymasterData: concat([timestamps(window), signature]) }
    },
  }
}
