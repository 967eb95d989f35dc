/**
 * A WalletConnect wallet over @reown/walletkit with one local (anvil) account: it pairs with a `wc:` URI, approves
 * or rejects what a dapp asks as `decide` says, signs with viem and sends to the local chain. The demo page
 * (main.ts) asks a person; the relay's tests decide in code.
 */
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { createWalletClient, defineChain, hexToBigInt, http, type Hex, type LocalAccount } from 'viem'

export interface WalletChain {
  id: number
  name: string
  rpcUrl: string
}

export interface WalletOptions {
  projectId: string
  relayUrl: string
  /** The wallet's key (the demo page and tests use one of anvil's funded dev accounts). */
  account: LocalAccount
  /** The chains the wallet offers (the first is current after pairing). */
  chains: WalletChain[]
  /** Asked before each proposal is approved and each request answered; false rejects it. */
  decide(ask: WalletAsk): Promise<boolean>
  /** The wallet's own URL as dapps see it (the page's origin in a browser). */
  url: string
  /** Told after the sessions changed (paired, disconnected by either side). */
  onSessionsChanged?(): void
  /** Told of each answered request (the demo page lists them). */
  onAnswered?(answer: { method: string; approved: boolean; result?: unknown; error?: string }): void
}

export type WalletAsk =
  | { kind: 'proposal'; dapp: string; chains: string[] }
  | { kind: 'request'; dapp: string; method: string; params: unknown; chainId: string }

const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const EVENTS = ['accountsChanged', 'chainChanged']
const WALLET_METADATA = { name: 'Tessera WalletConnect test wallet', description: 'A local WalletConnect wallet for the Tessera demos', icons: [] }

/** A JSON-RPC error a dapp understands (EIP-1193 codes). */
class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

type TransactionParams = { to?: Hex; value?: Hex; data?: Hex; gas?: Hex; nonce?: Hex }

export async function startWallet(options: WalletOptions) {
  const { account } = options
  let current = options.chains[0]!
  // Its own storage prefix: a dapp's core in the same page or process is another client.
  const kit = await WalletKit.init({
    core: new Core({ projectId: options.projectId, relayUrl: options.relayUrl, customStoragePrefix: 'tessera-wc-wallet' }),
    metadata: { ...WALLET_METADATA, url: options.url },
  })
  const changed = () => options.onSessionsChanged?.()

  const chainOf = (caip2: string) => options.chains.find((chain) => `eip155:${chain.id}` === caip2)

  async function sendTransaction(chainId: string, [transaction]: [TransactionParams]) {
    const chain = chainOf(chainId)
    if (!chain) throw new WalletRpcError(4901, `Chain ${chainId} is not offered`)
    const viemChain = defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    const client = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) })
    const bigint = (value?: Hex) => (value ? hexToBigInt(value) : undefined)
    return client.sendTransaction({
      to: transaction.to,
      value: bigint(transaction.value),
      data: transaction.data,
      gas: bigint(transaction.gas),
      nonce: transaction.nonce ? Number(bigint(transaction.nonce)) : undefined,
    })
  }

  async function switchChain(topic: string, [{ chainId }]: [{ chainId: Hex }]) {
    const chain = options.chains.find((candidate) => candidate.id === Number(chainId))
    if (!chain) throw new WalletRpcError(4902, `Unrecognized chain ID ${chainId}`)
    current = chain
    const caip2 = `eip155:${chain.id}`
    const namespace = kit.getActiveSessions()[topic]?.namespaces.eip155
    // A chain the session lacks joins it first: the dapp's SDK sends only on the session's chains.
    if (namespace && !namespace.chains?.includes(caip2)) {
      const eip155 = { ...namespace, chains: [...(namespace.chains ?? []), caip2], accounts: [...namespace.accounts, `${caip2}:${account.address}`] }
      await kit.updateSession({ topic, namespaces: { ...kit.getActiveSessions()[topic]!.namespaces, eip155 } })
    }
    await kit.emitSessionEvent({ topic, event: { name: 'chainChanged', data: chain.id }, chainId: `eip155:${chain.id}` })
    return null
  }

  /** The answer to one request the wallet approved. */
  function perform(topic: string, chainId: string, method: string, params: never) {
    switch (method) {
      case 'personal_sign':
        return account.signMessage!({ message: { raw: (params as [Hex])[0] } })
      case 'eth_signTypedData_v4':
        return account.signTypedData!(JSON.parse((params as [string, string])[1]))
      case 'eth_sendTransaction':
        return sendTransaction(chainId, params)
      case 'wallet_switchEthereumChain':
        return switchChain(topic, params)
      default:
        throw new WalletRpcError(4200, `${method} is not supported`)
    }
  }

  kit.on('session_proposal', async ({ id, params }: WalletKitTypes.SessionProposal) => {
    // It signs on any chain the dapp asks for (mainnet by default) and sends only on the chains it has an RPC for.
    const asked = [...Object.values(params.requiredNamespaces), ...Object.values(params.optionalNamespaces)].flatMap((namespace) => namespace.chains ?? [])
    const chains = [...new Set([...options.chains.map((chain) => `eip155:${chain.id}`), ...asked.filter((chain) => chain.startsWith('eip155:'))])]
    const approved = await options.decide({ kind: 'proposal', dapp: params.proposer.metadata.name, chains })
    if (!approved) return void (await kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') }))
    const ordered = [`eip155:${current.id}`, ...chains.filter((chain) => chain !== `eip155:${current.id}`)]
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: { eip155: { chains: ordered, methods: METHODS, events: EVENTS, accounts: ordered.map((chain) => `${chain}:${account.address}`) } },
    })
    await kit.approveSession({ id, namespaces })
    changed()
  })

  kit.on('session_request', async ({ id, topic, params }: WalletKitTypes.SessionRequest) => {
    const { request, chainId } = params
    const dapp = kit.getActiveSessions()[topic]?.peer.metadata.name ?? 'A dapp'
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...body } })
    if (!(await options.decide({ kind: 'request', dapp, method: request.method, params: request.params, chainId }))) {
      options.onAnswered?.({ method: request.method, approved: false })
      return respond({ error: { code: 4001, message: 'User rejected the request.' } })
    }
    try {
      const result = await perform(topic, chainId, request.method, request.params as never)
      options.onAnswered?.({ method: request.method, approved: true, result })
      await respond({ result })
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error)
      options.onAnswered?.({ method: request.method, approved: true, error: message })
      await respond({ error: { code: error instanceof WalletRpcError ? error.code : -32603, message } })
    }
  })

  kit.on('session_delete', changed)

  return {
    account,
    address: account.address,
    /** Pairs with a dapp's `wc:` URI; its proposal follows through `decide`. */
    pair: (uri: string) => kit.pair({ uri }),
    sessions: () => Object.values(kit.getActiveSessions()),
    /** Ends every session (each dapp is told). */
    async disconnectAll() {
      for (const topic of Object.keys(kit.getActiveSessions())) await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
      changed()
    },
    close: () => kit.core.relayer.transportClose(),
  }
}

export type Wallet = Awaited<ReturnType<typeof startWallet>>
