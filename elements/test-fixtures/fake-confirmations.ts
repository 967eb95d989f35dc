/**
 * Test-only confirmation queue (never shipped): `Confirmation` objects built from the core's types, each action
 * recorded in `calls`, put into a client double's `embeddedWallets` state the way the core does (`confirmations`,
 * arrival order, a new array per change). `reject()` settles a waiting caller with 4001 (or the shown error) and takes
 * the confirmation off the queue, as the core's queue does; approving follows `approve` of the builder's options.
 * `mountConfirmTx` renders the React wrapper's component over the same double.
 */
import type {
  AssetAmount,
  Confirmation,
  ConfirmationOptions,
  EmbeddedWalletsApi,
  EmbeddedWalletsState,
  EthereumTransactionConfirmation,
  EthereumTransactionRequest,
  EthereumTransactionSummary,
  FundingApi,
  SignMessageConfirmation,
  SolanaTransactionConfirmation,
  SolanaTransactionSummary,
  TransactionUiOptions,
} from '../../src/core/index.js'
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { ConfirmTx, type ConfirmTxProps } from '../../react-wrapper/index.js'
import { TesseraError } from '../../src/core/index.js'
import { transactionRejectedError } from '../../src/core/errors/transaction-errors.js'
import type { SolanaTransactionOptions } from '../../src/core/wallets/embedded/types.js'
// The core's own observable value: the double's state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'

export interface ConfirmationCall {
  id: string
  action: 'approve' | 'reject' | 'retry' | 'acknowledgeRisk' | 'addFunds'
  value?: boolean
}

/** What approving does: nothing but the record (the test moves the status), or the core's whole happy path. */
export type ApproveBehaviour = 'record' | 'complete'

const ethereumAddress = `0x${'ab'.repeat(20)}`
const solanaAddress = 'So1anaFixtureAddress1111111111111111111111'

export const eth = (value: bigint, usd: number | null = null): AssetAmount => ({ value, decimals: 18, symbol: 'ETH', usd })
export const usdc = (value: bigint, usd: number | null = null): AssetAmount => ({ value, decimals: 6, symbol: 'USDC', usd })
export const sol = (value: bigint, usd: number | null = null): AssetAmount => ({ value, decimals: 9, symbol: 'SOL', usd })

export const sepolia = {
  id: 11155111,
  name: 'Sepolia',
  network: 'sepolia',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:9',
  blockExplorerUrl: 'https://sepolia.etherscan.io',
  testnet: true,
}

/** A plain ETH send of 0.5 ETH on Sepolia, affordable, not sponsored. */
export function ethereumSummary(overrides: Partial<EthereumTransactionSummary> = {}): EthereumTransactionSummary {
  return {
    action: { type: 'send' },
    send: eth(5n * 10n ** 17n, 1500),
    to: `0x${'cd'.repeat(20)}`,
    network: 'Sepolia',
    estimatedFee: eth(21_000n * 2_000_000_000n, 0.13),
    sponsored: false,
    balance: eth(2n * 10n ** 18n, 6000),
    insufficientFunds: false,
    request: {
      from: ethereumAddress,
      to: `0x${'cd'.repeat(20)}`,
      value: 5n * 10n ** 17n,
      data: null,
      nonce: 7,
      gas: 21_000n,
      chainId: sepolia.id,
      type: 'eip1559',
    },
    ...overrides,
  }
}

export function solanaSummary(overrides: Partial<SolanaTransactionSummary> = {}): SolanaTransactionSummary {
  const to = 'Dest1nationAddress11111111111111111111111111'
  return {
    instructions: [{ type: 'sol-transfer', from: solanaAddress, to, amount: sol(250_000_000n, 37.5) }],
    amount: sol(250_000_000n, 37.5),
    network: 'Solana Devnet',
    estimatedFee: sol(5_000n, 0.00075),
    sponsored: false,
    balance: sol(3n * 10n ** 9n, 450),
    insufficientFunds: false,
    to,
    ...overrides,
  }
}

export interface FakeConfirmations {
  calls: ConfirmationCall[]
  /** The callers' results: resolved value or rejection, by confirmation id. */
  settled: Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>
  /** Requests the inline entry points received (`sendTransaction`, `signTransaction`, the Solana provider's). */
  inlineRequests: { method: string; input: unknown; options: ConfirmationOptions | undefined }[]
  signMessage(overrides?: Partial<SignMessageConfirmation>, approve?: ApproveBehaviour): SignMessageConfirmation
  ethereumTransaction(overrides?: Partial<EthereumTransactionConfirmation>, approve?: ApproveBehaviour): EthereumTransactionConfirmation
  solanaTransaction(overrides?: Partial<SolanaTransactionConfirmation>, approve?: ApproveBehaviour): SolanaTransactionConfirmation
  /** Changes a queued confirmation (status, summary, scan, receipt, ...). */
  update(id: string, patch: Partial<Confirmation>): void
  get(id: string): Confirmation | undefined
  queue(): Confirmation[]
}

const rejected = () => Object.assign(new Error('The user rejected the request.'), { code: 4001 })

/**
 * Adds the queue to `embeddedWallets` (a client double's): its state gains `confirmations`, and the inline entry
 * points `<confirm-tx>` calls enqueue confirmations that complete when approved (`approveInline`). `funding` is where
 * 'Add funds' opens its session.
 */
export function attachConfirmations(
  embeddedWallets: EmbeddedWalletsApi,
  { approveInline = 'complete' as ApproveBehaviour, funding = undefined as FundingApi | undefined } = {},
): FakeConfirmations {
  const queue = createStore<Confirmation[]>([])
  const calls: ConfirmationCall[] = []
  const settled: FakeConfirmations['settled'] = new Map()
  const waiting = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void; result: () => unknown }>()
  const inlineRequests: FakeConfirmations['inlineRequests'] = []
  let sequence = 0

  const baseState = embeddedWallets.getState
  let merged: EmbeddedWalletsState | null = null
  let mergedFrom: [EmbeddedWalletsState, Confirmation[]] | null = null
  // One object per (wallet state, queue) pair, so useSyncExternalStore sees a stable snapshot.
  embeddedWallets.getState = () => {
    const base = baseState()
    const confirmations = queue.get()
    if (!mergedFrom || mergedFrom[0] !== base || mergedFrom[1] !== confirmations) {
      mergedFrom = [base, confirmations]
      merged = { ...base, confirmations }
    }
    return merged!
  }
  const baseWatch = embeddedWallets.watchState
  embeddedWallets.watchState = (listener) => {
    const offBase = baseWatch(() => listener(embeddedWallets.getState(), embeddedWallets.getState()))
    const offQueue = queue.watch(() => listener(embeddedWallets.getState(), embeddedWallets.getState()))
    return () => {
      offBase()
      offQueue()
    }
  }

  const get = (id: string) => queue.get().find((confirmation) => confirmation.id === id)
  const update = (id: string, patch: Partial<Confirmation>) =>
    queue.set(queue.get().map((confirmation) => (confirmation.id === id ? ({ ...confirmation, ...patch } as Confirmation) : confirmation)))
  const remove = (id: string) => queue.set(queue.get().filter((confirmation) => confirmation.id !== id))
  const settle = (id: string, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => {
    settled.set(id, outcome)
    const caller = waiting.get(id)
    waiting.delete(id)
    if (caller) outcome.ok ? caller.resolve(outcome.value) : caller.reject(outcome.error)
  }

  /**
   * 'Add funds', as the core: a funding session for the confirmation's wallet, shown over it (inline as the
   * confirmation is); funded, the confirmation is prepared again with a balance that covers it.
   */
  function addFunds(id: string) {
    return () => {
      calls.push({ id, action: 'addFunds' })
      const confirmation = get(id)
      if (!funding || !confirmation || confirmation.kind === 'sign-message') return
      const input =
        confirmation.kind === 'solana-transaction' ? { address: confirmation.address, chainType: 'solana' as const } : { address: confirmation.address }
      void funding.fundWallet(input, { forConfirmation: id, ...(confirmation.inline ? { inline: true } : {}) }).then((outcome) => {
        const current = get(id)
        if (outcome.status !== 'funded' || !current || current.kind === 'sign-message' || !current.summary) return
        update(id, { summary: { ...current.summary, insufficientFunds: false } } as Partial<Confirmation>)
      })
    }
  }

  /** The actions every kind shares, bound to `id`. */
  function actions(id: string, approveBehaviour: ApproveBehaviour, completion: () => Partial<Confirmation>) {
    return {
      approve() {
        calls.push({ id, action: 'approve' })
        if (approveBehaviour !== 'complete' || get(id)?.status !== 'ready') return
        update(id, { status: 'submitting' })
        setTimeout(() => {
          update(id, { status: 'complete', error: null, ...completion() })
          settle(id, { ok: true, value: waiting.get(id)?.result() ?? null })
        }, 50)
      },
      reject() {
        calls.push({ id, action: 'reject' })
        const current = get(id)
        if (!current || current.status === 'submitting') return
        if (current.status !== 'complete') settle(id, { ok: false, error: current.status === 'error' && current.error ? current.error : rejected() })
        remove(id)
      },
    }
  }

  const add = <C extends Confirmation>(confirmation: C): C => {
    queue.set([...queue.get(), confirmation])
    // As the core does: the Ethereum transactions queued together count ' (i / n)'.
    const batch = queue.get().filter((candidate) => candidate.kind === 'ethereum-transaction' && !candidate.inline)
    if (batch.length > 1)
      queue.set(
        queue
          .get()
          .map((candidate) =>
            batch.includes(candidate) ? ({ ...candidate, position: { index: batch.indexOf(candidate) + 1, total: batch.length } } as Confirmation) : candidate,
          ),
      )
    return confirmation
  }

  const hash = `0x${'12'.repeat(32)}`
  const signature = '5igNaTuReFixture1111111111111111111111111111111111111111111111111111111111111111111111'

  function signMessage(overrides: Partial<SignMessageConfirmation> = {}, approve: ApproveBehaviour = 'record'): SignMessageConfirmation {
    const id = overrides.id ?? `confirmation-${++sequence}`
    return add({
      id,
      kind: 'sign-message',
      chainType: 'ethereum',
      method: 'personal_sign',
      address: ethereumAddress,
      status: 'ready',
      error: null,
      message: 'Hello from Fixture App',
      uiOptions: {},
      ...actions(id, approve, () => ({})),
      ...overrides,
    } as SignMessageConfirmation)
  }

  function ethereumTransaction(
    overrides: Partial<EthereumTransactionConfirmation> = {},
    approve: ApproveBehaviour = 'record',
  ): EthereumTransactionConfirmation {
    const id = overrides.id ?? `confirmation-${++sequence}`
    return add({
      id,
      kind: 'ethereum-transaction',
      chain: sepolia,
      signOnly: false,
      address: ethereumAddress,
      status: 'ready',
      error: null,
      uiOptions: {},
      position: { index: 1, total: 1 },
      summary: ethereumSummary(),
      scan: { status: 'uninitiated' },
      acknowledgedRisk: false,
      receipt: null,
      hash: null,
      addFunds: addFunds(id),
      ...actions(id, approve, () => ({
        receipt: { hash, status: 'success', blockNumber: 1n, gasUsed: 21_000n, explorerUrl: `${sepolia.blockExplorerUrl}/tx/${hash}` },
      })),
      acknowledgeRisk(value: boolean) {
        calls.push({ id, action: 'acknowledgeRisk', value })
        update(id, { acknowledgedRisk: value })
      },
      retry() {
        calls.push({ id, action: 'retry' })
        update(id, { status: 'preparing', error: null })
      },
      ...overrides,
    } as EthereumTransactionConfirmation)
  }

  function solanaTransaction(overrides: Partial<SolanaTransactionConfirmation> = {}, approve: ApproveBehaviour = 'record'): SolanaTransactionConfirmation {
    const id = overrides.id ?? `confirmation-${++sequence}`
    return add({
      id,
      kind: 'solana-transaction',
      cluster: { name: 'devnet', rpcUrl: 'http://127.0.0.1:9' },
      signOnly: false,
      address: solanaAddress,
      status: 'ready',
      error: null,
      uiOptions: {},
      summary: solanaSummary(),
      receipt: null,
      addFunds: addFunds(id),
      ...actions(id, approve, () => ({ receipt: { signature, explorerUrl: null } })),
      retry() {
        calls.push({ id, action: 'retry' })
        update(id, { status: 'preparing', error: null })
      },
      ...overrides,
    } as SolanaTransactionConfirmation)
  }

  /** As the core: an inline request waits in the queue under the caller's id until approved or rejected. */
  function inline<R>(
    method: string,
    input: unknown,
    options: ConfirmationOptions | undefined,
    create: (id: string) => Confirmation,
    result: () => R,
  ): Promise<R> {
    inlineRequests.push({ method, input, options })
    if (!options?.inline || !options.id)
      return Promise.reject(new TesseraError({ code: 'transaction_failure', shortMessage: 'The test double only confirms inline' }))
    const { id } = options
    return new Promise<R>((resolve, reject) => {
      // As the core's entry points: a declined transaction is 'Transaction was rejected by the user' over the 4001.
      const declined = (error: unknown) => reject((error as { code?: unknown }).code === 4001 ? transactionRejectedError(error) : error)
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject: declined, result })
      create(id)
    })
  }

  type SendInput = { transaction: EthereumTransactionRequest; address?: string; uiOptions?: TransactionUiOptions }
  const api = embeddedWallets as unknown as Record<string, unknown>
  api.sendTransaction = (input: SendInput, options?: ConfirmationOptions) =>
    inline(
      'sendTransaction',
      input,
      options,
      (id) => ethereumTransaction({ id, inline: true, uiOptions: input.uiOptions ?? {} }, approveInline),
      () => ({ hash }),
    )
  api.signTransaction = (input: SendInput, options?: ConfirmationOptions) =>
    inline(
      'signTransaction',
      input,
      options,
      (id) => ethereumTransaction({ id, inline: true, signOnly: true, uiOptions: input.uiOptions ?? {} }, approveInline),
      () => ({ signature: hash }),
    )
  api.getSolanaProvider = async (address?: string) => ({
    address: address ?? solanaAddress,
    signMessage: async () => ({ signature: new Uint8Array(64) }),
    signTransaction: (transaction: unknown, options?: SolanaTransactionOptions) =>
      inline(
        'solana.signTransaction',
        transaction,
        options?.confirmation,
        (id) => solanaTransaction({ id, inline: true, signOnly: true, uiOptions: options?.uiOptions ?? {} }, approveInline),
        () => transaction,
      ),
    signAndSendTransaction: (transaction: unknown, options?: SolanaTransactionOptions) =>
      inline(
        'solana.signAndSendTransaction',
        transaction,
        options?.confirmation,
        (id) => solanaTransaction({ id, inline: true, uiOptions: options?.uiOptions ?? {} }, approveInline),
        () => ({ signature }),
      ),
  })

  return { calls, settled, inlineRequests, signMessage, ethereumTransaction, solanaTransaction, update, get, queue: queue.get }
}

/** Renders the React wrapper's `<ConfirmTx>` (React bundled in this fixture) into `host`. */
export function mountConfirmTx(host: HTMLElement, props: ConfirmTxProps): Root {
  const root = createRoot(host)
  root.render(createElement(ConfirmTx, props))
  return root
}

// The shipped locale tables, so a browser test reads the expected strings by key instead of restating them.
export { loadLocaleTable } from '../../src/ui/copy/locale.js'
