/**
 * `createSmartWallets(client)`: the signed-in user's smart wallet, owned by their embedded Ethereum wallet, one client
 * per configured chain. What the app asks of it passes the embedded wallets' confirmation gate: a batch of calls is
 * one transaction confirmation stepping through its calls, a message or typed data the 'Sign message' one, for the
 * smart wallet's address; the owner then signs the user operation (or the account's signature) without a second
 * prompt. The first client links the smart account to the user (`user.smartWallet`) when it is not linked yet.
 */
import { bytesToHex, type Hash, type Hex, type SignableMessage, type TypedDataDefinition } from 'viem'
import { createTransport, type Transport } from '../api/transport.js'
import type { Chain } from '../chains/chain.js'
import { messageText, signMessageConfirmation, typedDataJson, typedDataText } from '../transactions/sign-message-confirmation.js'
import type { SignMessageUiOptions, TransactionUiOptions } from '../transactions/types.js'
import type { TesseraClient } from '../types.js'
import type { EmbeddedEthereumProviderImpl } from '../wallets/embedded/ethereum-provider.js'
import { toViemAccount } from '../wallets/embedded/to-viem-account.js'
import { noEmbeddedEthereumWalletError } from './errors.js'
import { linkSmartWallet } from './link-smart-wallet.js'
import { createSmartWalletAccountClient, type SmartWalletAccountClient } from './smart-account-client.js'
import { getSmartWalletConfig, type SmartWalletConfig } from './smart-wallet-config.js'
import { userOperationConfirmation, type SmartWalletCall } from './user-operation-confirmation.js'

export type { SmartWalletCall } from './user-operation-confirmation.js'

/** The reference's SmartWalletClientType: the smart account client, with sends that answer the transaction hash. */
export type SmartWalletClient = Omit<SmartWalletAccountClient, 'sendTransaction' | 'signMessage' | 'signTypedData'> & {
  sendTransaction(input: { calls: readonly SmartWalletCall[] } | SmartWalletCall, options?: { uiOptions?: TransactionUiOptions }): Promise<Hash>
  signMessage(input: { message: SignableMessage }, options?: { uiOptions?: SignMessageUiOptions }): Promise<Hex>
  signTypedData(input: TypedDataDefinition, options?: { uiOptions?: SignMessageUiOptions }): Promise<Hex>
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

/** The smart-wallet client around the permissionless one: each request confirmed for the smart wallet's address. */
function toSmartWalletClient(inner: SmartWalletAccountClient, gate: EmbeddedEthereumProviderImpl, chain: Chain): SmartWalletClient {
  const address = inner.account.address
  const signed = (method: 'personal_sign' | 'eth_signTypedData_v4', message: string, uiOptions: SignMessageUiOptions, sign: () => Promise<Hex>) =>
    gate.confirm(signMessageConfirmation({ address, chainType: 'ethereum', method, message, uiOptions, sign }), { uiOptions }) as Promise<Hex>
  return {
    ...inner,
    sendTransaction: (input, options) => {
      const uiOptions = options?.uiOptions ?? {}
      const calls = 'calls' in input ? input.calls : [input]
      return gate.confirm(userOperationConfirmation({ client: inner, calls, chain, uiOptions }), { uiOptions })
    },
    signMessage: ({ message }, options) =>
      signed('personal_sign', displayedMessage(message), options?.uiOptions ?? {}, () => inner.account.signMessage({ message })),
    signTypedData: (typedData, options) =>
      signed('eth_signTypedData_v4', typedDataText(typedDataJson(typedData)), options?.uiOptions ?? {}, () => inner.account.signTypedData(typedData)),
  }
}

/** A message as the 'Sign message' screen shows it: its text, or the hex of raw bytes that are not text. */
function displayedMessage(message: SignableMessage): string {
  if (typeof message === 'string') return message
  return messageText(typeof message.raw === 'string' ? message.raw : bytesToHex(message.raw))
}

/** The owner's signatures for the smart account, without a prompt: the user approved what they sign in the smart wallet's own confirmation. */
function ownerSigner(provider: EmbeddedEthereumProviderImpl): EmbeddedEthereumProviderImpl {
  return { ...provider, request: (args) => provider.requestWith(args, { uiOptions: { showWalletUIs: false } }) }
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
    const embedded = client
      .getAuth()
      .user?.linkedAccounts.find((account) => account.type === 'wallet' && account.walletClientType === 'privy' && account.chainType === 'ethereum')
    if (embedded?.type !== 'wallet') throw noEmbeddedEthereumWalletError()
    // The client's own provider (the one getEthereumProvider answers) carries the confirmation gate.
    const provider = (await client.embeddedWallets.getEthereumProvider(embedded.address)) as EmbeddedEthereumProviderImpl
    const [smartConfig, chains, owner] = await Promise.all([getConfig(), client.embeddedWallets.getChains(), toViemAccount(ownerSigner(provider))])
    const api = { url: client.apiUrl, getAccessToken: client.getAccessToken }
    const { client: inner, chain } = await createSmartWalletAccountClient(
      { config: smartConfig, chains, owner, api, paymasterContext: options.paymasterContext, pollingInterval: options.pollingInterval },
      id,
    )
    // The link's SIWE message is the SDK's own proof of ownership, not the app's request: signed without a prompt.
    if (!linkedAddresses(client).includes(inner.account.address.toLowerCase())) {
      await linkSmartWallet({ transport, location, now: () => new Date() }, inner, smartConfig)
      await client.refreshUser()
    }
    return toSmartWalletClient(inner, provider, chain)
  }

  return { getClientForChain, getConfig }
}
