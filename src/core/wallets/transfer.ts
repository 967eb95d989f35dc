/** A wallet's account transfer: to SIWE's or SIWS's transfer route by its chain, with its address. */
import type { UserDto } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import { transferSiwe } from '../auth/siwe/api.js'
import { transferSiws } from '../auth/siws/api.js'
import type { AccountTransfer } from '../auth/transfer/types.js'

export function transferAccount(transport: Transport, { nonce, linkMethod, account }: AccountTransfer): Promise<UserDto> {
  return (linkMethod === 'siwe' ? transferSiwe : transferSiws)(transport, { nonce, address: account })
}
