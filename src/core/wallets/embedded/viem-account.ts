/** A viem account signing through an embedded wallet's provider (and so through the wallet frame). */
import { formatTransactionRequest, serializeTypedData, toHex, type LocalAccount } from 'viem'
import { toAccount } from 'viem/accounts'
import type { EmbeddedEthereumProvider } from './types.js'

export function viemAccountOf(provider: EmbeddedEthereumProvider): LocalAccount {
  const address = provider.address as `0x${string}`
  const sign = (method: string, params: unknown[]) => provider.request({ method, params }) as Promise<`0x${string}`>
  return toAccount({
    address,
    signMessage: ({ message }) =>
      sign('personal_sign', [typeof message === 'string' ? toHex(message) : typeof message.raw === 'string' ? message.raw : toHex(message.raw), address]),
    signTypedData: (typedData) => sign('eth_signTypedData_v4', [address, serializeTypedData(typedData as Parameters<typeof serializeTypedData>[0])]),
    signTransaction: (transaction) => sign('eth_signTransaction', [formatTransactionRequest({ ...transaction, from: address } as Parameters<typeof formatTransactionRequest>[0])]),
  })
}
