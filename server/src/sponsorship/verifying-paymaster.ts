import { concat, encodeAbiParameters, keccak256, pad, toHex, type Address, type Hex, type LocalAccount } from 'viem'
import type { PackedUserOperation } from 'viem/account-abstraction'

/**
 * eth-infinitism's VerifyingPaymaster (samples/VerifyingPaymaster.sol, EntryPoint 0.7 and 0.8 packed user operations):
 * `paymasterData` is abi.encode(uint48 validUntil, uint48 validAfter) followed by the signer's signature of
 * `getHash(userOp, validUntil, validAfter)` as an Ethereum signed message.
 */
export interface PaymasterWindow {
  validUntil: number
  validAfter: number
}

const uint48Pair = [{ type: 'uint48' }, { type: 'uint48' }] as const

/** The contract's getHash: every field but the paymaster data itself, bound to the chain and the paymaster contract. */
export function verifyingPaymasterHash(userOp: PackedUserOperation, input: PaymasterWindow & { chainId: number; paymaster: Address }): Hex {
  // paymasterAndData[20:52]: the paymaster's verification and post-op gas limits, read as one uint256.
  const paymasterGasLimits = BigInt(`0x${userOp.paymasterAndData.slice(2 + 40, 2 + 104).padEnd(64, '0')}`)
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        userOp.sender,
        userOp.nonce,
        keccak256(userOp.initCode),
        keccak256(userOp.callData),
        userOp.accountGasLimits,
        paymasterGasLimits,
        userOp.preVerificationGas,
        userOp.gasFees,
        BigInt(input.chainId),
        input.paymaster,
        input.validUntil,
        input.validAfter,
      ],
    ),
  )
}

/** The paymaster gas limits as the packed `paymasterAndData` carries them (before the paymaster data). */
export const packPaymasterGasLimits = (paymaster: Address, verificationGasLimit: bigint, postOpGasLimit: bigint): Hex =>
  concat([paymaster, pad(toHex(verificationGasLimit), { size: 16 }), pad(toHex(postOpGasLimit), { size: 16 })])

/** The signed `paymasterData` for a user operation whose packed form (without paymaster data) is `userOp`. */
export async function signPaymasterData(
  signer: LocalAccount,
  userOp: PackedUserOperation,
  input: PaymasterWindow & { chainId: number; paymaster: Address },
): Promise<Hex> {
  const signature = await signer.signMessage({ message: { raw: verifyingPaymasterHash(userOp, input) } })
  return concat([encodeAbiParameters(uint48Pair, [input.validUntil, input.validAfter]), signature])
}

/**
 * A well-formed signature by a key nobody holds (keccak256('tessera paymaster stub signature') over the zero hash):
 * estimation runs the paymaster's validation, and a malformed signature would revert in ECDSA instead of failing.
 */
const STUB_SIGNATURE: Hex =
  '0xb09401495ac246ce6d321fb57764b13ebddb8f03940b0a3743c63b5030fb0c2742b28e0b1022956b36e40ec557b0ce301b3da1c9ccf45fc0fc8c498cf0389ec01c'

/** Stub data of the final length, for gas estimation before the real signature. */
export const stubPaymasterData = (window: PaymasterWindow): Hex =>
  concat([encodeAbiParameters(uint48Pair, [window.validUntil, window.validAfter]), STUB_SIGNATURE])
