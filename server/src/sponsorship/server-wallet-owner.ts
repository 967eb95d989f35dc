import { hashTypedData, type Address, type Hex, type LocalAccount, type SignedAuthorization } from 'viem'
import { toAccount } from 'viem/accounts'
import type { WalletSigner } from '../signer/types.js'

export interface SignerKeyRef {
  signer: WalletSigner
  appId: string
  keyId: string
  address: Address
}

/**
 * A server-managed wallet as viem's owner account of its EIP-7702 smart account: the user operation hash is signed by
 * the signer (`secp256k1_sign`, EIP-712 digests too); the key never leaves the signer. Messages and transactions are refused.
 */
export function serverWalletOwner(key: SignerKeyRef): LocalAccount {
  const sign = async ({ hash }: { hash: Hex }): Promise<Hex> => {
    const answer = await key.signer.sign({ appId: key.appId, keyId: key.keyId, request: { method: 'secp256k1_sign', params: { hash } } })
    if (answer.method !== 'secp256k1_sign') throw new Error('The signer answered another method')
    return answer.data.signature
  }
  return toAccount({
    address: key.address,
    sign,
    signAuthorization: ({ address, contractAddress, chainId, nonce }) => signDelegation(key, { contract: address ?? contractAddress, chainId, nonce }),
    // EntryPoint 0.8's user operation hash is EIP-712 typed data: its digest is signed as a hash.
    signTypedData: (typedData) => sign({ hash: hashTypedData(typedData) }),
    signMessage: () => refuse('signMessage'),
    signTransaction: () => refuse('signTransaction'),
  })
}

const refuse = (what: string): Promise<never> => Promise.reject(new Error(`A sponsored send's owner account does not ${what}`))

/** The wallet's EIP-7702 authorization of `contract` at the account's current nonce, signed by the signer. */
export async function signDelegation(key: SignerKeyRef, input: { contract: Address; chainId: number; nonce: number }): Promise<SignedAuthorization> {
  const answer = await key.signer.sign({
    appId: key.appId,
    keyId: key.keyId,
    request: { method: 'eth_sign7702Authorization', params: { contract: input.contract, chain_id: input.chainId, nonce: input.nonce } },
  })
  if (answer.method !== 'eth_sign7702Authorization') throw new Error('The signer answered another method')
  const { authorization } = answer.data as { authorization: { contract: Address; chain_id: number; nonce: number; r: Hex; s: Hex; y_parity: number } }
  return {
    address: authorization.contract,
    chainId: authorization.chain_id,
    nonce: authorization.nonce,
    r: authorization.r,
    s: authorization.s,
    yParity: authorization.y_parity,
  }
}
