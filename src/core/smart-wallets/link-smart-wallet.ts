/** Links the smart account to the signed-in user (`siwe/link_smart_wallet`): a SIWE message it signs (ERC-6492 while undeployed). */
import { createSiweMessage } from 'viem/siwe'
import type { UserDto } from '../../protocol/dto.js'
import { siweInitRoute, siweLinkSmartWalletRoute } from '../../protocol/routes/siwe.js'
import type { Transport } from '../api/transport.js'
import { SIGN_IN_RESOURCES, SIGN_IN_STATEMENT } from '../auth/siwe/context.js'
import type { SmartWalletAccountClient } from './smart-account-client.js'
import type { SmartWalletConfig } from './smart-wallet-config.js'

export interface LinkSmartWalletDeps {
  transport: Transport
  /** The page the message is for (sign-in spec, "The calls it makes": the request's origin is its domain). */
  location: { host: string; origin: string }
  now(): Date
}

export async function linkSmartWallet(deps: LinkSmartWalletDeps, client: SmartWalletAccountClient, config: SmartWalletConfig): Promise<UserDto> {
  const address = client.account.address
  const { nonce } = await deps.transport.request(siweInitRoute, { body: { address } })
  const message = createSiweMessage({
    domain: deps.location.host,
    address,
    uri: deps.location.origin,
    version: '1',
    chainId: client.chain.id,
    nonce,
    issuedAt: deps.now(),
    statement: SIGN_IN_STATEMENT,
    resources: SIGN_IN_RESOURCES,
  })
  const signature = await client.account.signMessage({ message })
  return deps.transport.request(siweLinkSmartWalletRoute, {
    auth: true,
    body: { message, signature, smart_wallet_type: config.type, ...(config.version && { smart_wallet_version: config.version }) },
  })
}
