/**
 * `createSmartWallets(client)`: the signed-in user's smart wallet, owned by their embedded Ethereum wallet (its
 * signatures go through the wallet frame and its confirmation gate), one client per configured chain. The first
 * client links the smart account to the user (`user.smartWallet`) when it is not linked yet.
 */
import type { Hash, Hex, SignableMessage, TypedDataDefinition } from 'viem'
import { createTransport, type Transport } from '../api/transport.js'
import type { TesseraClient } from '../types.js'
import { toViemAccount } from '../wallets/embedded/to-viem-account.js'
import { noEmbeddedEthereumWalletError, userOperationFailedError } from './errors.js'
import { linkSmartWallet } from './link-smart-wallet.js'
import { createSmartWalletAccountClient, type SmartWalletAccountClient } from './smart-account-client.js'
import { getSmartWalletConfig, type SmartWalletConfig } from './smart-wallet-config.js'

/** One call of a batch: sent together as one user operation. */
export interface SmartWalletCall { to: `0x${string}`; value?: bigint; data?: Hex }

/** The reference's SmartWalletClientType: the smart account client, with sends that answer the transaction hash. */
export type SmartWalletClient = Omit<SmartWalletAccountClient, 'sendTransaction' | 'signMessage' | 'signTypedData'> & {
  sendTransaction(input: { calls: readonly SmartWalletCall[] } | SmartWalletCall): Promise<Hash>
  signMessage(input: { message: SignableMessage }): Promise<Hex>
  signTypedData(input: TypedDataDefinition): Promise<Hex>
}

export interface SmartWalletsOptions {
  /** Replaces the network's paymaster context (the reference's `SmartWalletsProvider` `config.paymasterContext`). */
  paymasterContext?: Record<string, unknown>
  /** Receipt polling interval in ms (tests: short). */
  pollingInterval?: number
  /** Tests: the page the link message is for, and the fetch the API calls go through. */
  location?: { host: string; origin: string }
  fetch?: typeof fetch
}

export interface SmartWallets {
  /** The client on the chain with `id`; 'Unsupported chainId {id}' (4901) when the app's smart wallets are not there. */
  getClientForChain(chain: { id: number }): Promise<SmartWalletClient>
  /** The app's smart-wallet config, read once. */
  getConfig(): Promise<SmartWalletConfig>
}

type ClientDeps = Pick<TesseraClient, 'appId' | 'apiUrl' | 'getAccessToken' | 'getAuth' | 'refreshUser' | 'embeddedWallets'>

/** The smart-wallet client around the permissionless one: batches as one user operation, typed errors. */
function toSmartWalletClient(inner: SmartWalletAccountClient): SmartWalletClient {
  const failing = <T>(run: () => Promise<T>) => run().catch((error: unknown) => Promise.reject(userOperationFailedError(error)))
  return {
    ...inner,
    sendTransaction: (input) => failing(() => inner.sendTransaction({ calls: 'calls' in input ? input.calls : [input] } as never)),
    signMessage: ({ message }) => inner.account.signMessage({ message }),
    signTypedData: (typedData) => inner.account.signTypedData(typedData),
  }
}

function linkedAddresses(client: ClientDeps): string[] {
  return (client.getAuth().user?.linkedAccounts ?? []).flatMap((account) => (account.type === 'smart_wallet' ? [account.address.toLowerCase()] : []))
}

export function createSmartWallets(client: ClientDeps, options: SmartWalletsOptions = {}): SmartWallets {
  const transport: Transport = createTransport({ apiUrl: client.apiUrl, appId: client.appId, getAccessToken: client.getAccessToken, fetch: options.fetch })
  let config: Promise<SmartWalletConfig> | undefined
  const getConfig = () => (config ??= getSmartWalletConfig(transport, client.appId).catch((error: unknown) => ((config = undefined), Promise.reject(error))))
  const location = options.location ?? globalThis.location

  async function getClientForChain({ id }: { id: number }): Promise<SmartWalletClient> {
    const embedded = client.getAuth().user?.linkedAccounts.find((account) => account.type === 'wallet' && account.walletClientType === 'privy' && account.chainType === 'ethereum')
    if (!embedded || embedded.type !== 'wallet') throw noEmbeddedEthereumWalletError()
    const provider = await client.embeddedWallets.getEthereumProvider(embedded.address)
    const [smartConfig, chains, owner] = await Promise.all([getConfig(), client.embeddedWallets.getChains(), toViemAccount(provider)])
    const api = { url: client.apiUrl, getAccessToken: client.getAccessToken }
    const inner = await createSmartWalletAccountClient({ config: smartConfig, chains, owner, api, paymasterContext: options.paymasterContext, pollingInterval: options.pollingInterval }, id)
    if (!linkedAddresses(client).includes(inner.account.address.toLowerCase())) {
      await linkSmartWallet({ transport, location, now: () => new Date() }, inner, smartConfig)
      await client.refreshUser()
    }
    return toSmartWalletClient(inner)
  }

  return { getClientForChain, getConfig }
}
