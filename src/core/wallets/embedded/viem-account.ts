/** A viem account signing through an embedded wallet's provider (and so through the wallet frame). */
import { formatTransactionRequest, getTypesForEIP712Domain, serializeTypedData, toHex, type LocalAccount, type TypedDataDefinition } from 'viem'
import { toAccount } from 'viem/accounts'
import type { EmbeddedEthereumProvider } from './types.js'

export function viemAccountOf(provider: EmbeddedEthereumProvider): LocalAccount {
  const address = provider.address as `0x${string}`
  const sign = (method: string, params: unknown[]) => provider.request({ method, params }) as Promise<`0x${string}`>
  return toAccount({
    address,
    signMessage: ({ message }) =>
      sign('personal_sign', [typeof message === 'string' ? toHex(message) : typeof message.raw === 'string' ? message.raw : toHex(message.raw), address]),
    signTypedData: (typedData) => sign('eth_signTypedData_v4', [address, serializeTypedData(withDomainTypes(typedData as TypedDataDefinition))]),
    signTransaction: (transaction) =>
      sign('eth_signTransaction', [formatTransactionRequest({ ...transaction, from: address } as Parameters<typeof formatTransactionRequest>[0])]),
  })
}

/** serializeTypedData keeps only the domain fields `EIP712Domain` lists: a caller that leaves the type out (viem's own signers derive it) would sign an empty domain. */
function withDomainTypes(typedData: TypedDataDefinition): Parameters<typeof serializeTypedData>[0] {
  const types = typedData.types as Record<string, unknown>
  if (types.EIP712Domain || !typedData.domain) return typedData as Parameters<typeof serializeTypedData>[0]
  return { ...typedData, types: { EIP712Domain: getTypesForEIP712Domain({ domain: typedData.domain }), ...types } } as Parameters<typeof serializeTypedData>[0]
}
