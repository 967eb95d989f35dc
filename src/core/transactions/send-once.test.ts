import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAnvil, type Anvil } from '../../../server/src/test-support/anvil.js'
import type { FrameTransactionRequest } from '../../protocol/index.js'
import type { Chain } from '../chains/chain.js'
import { TesseraError } from '../errors/base-error.js'
import type { EthereumTransactionRequest } from '../wallets/embedded/types.js'
import { ethereumTransactionConfirmation } from './ethereum-confirmation.js'
import type { Hex } from './prepare-ethereum-transaction.js'
import { createSendLedger, type SendLedger } from './send-once.js'

let anvil: Anvil
let chain: Chain
beforeAll(async () => {
  anvil = await startAnvil()
  chain = {
    id: anvil.chainId,
    name: 'Anvil',
    network: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: anvil.rpcUrl,
    blockExplorerUrl: null,
    testnet: true,
  }
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

/**
 * A funded wallet whose signer counts its signatures, on an RPC whose first `eth_sendRawTransaction` reaches the node
 * but whose answer is lost (a time-out after the broadcast), as a flaky network does.
 */
async function flakyWallet() {
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc('anvil_setBalance', [account.address, '0x56BC75E2D63100000'])
  let signatures = 0
  let broadcasts = 0
  const context = {
    address: account.address,
    chainFor: () => chain,
    async rpc<T>(method: string, params: unknown[]): Promise<T> {
      const result = await rpc<T>(method, params)
      if (method === 'eth_sendRawTransaction' && ++broadcasts === 1) throw new Error('The request took too long to respond.')
      return result
    },
  }
  const sign = async (transaction: FrameTransactionRequest): Promise<Hex> => {
    signatures++
    return account.signTransaction({
      type: 'eip1559',
      chainId: transaction.chainId,
      nonce: transaction.nonce,
      to: transaction.to ?? null,
      gas: BigInt(transaction.gas),
      value: BigInt(transaction.value ?? '0x0'),
      maxFeePerGas: BigInt(transaction.maxFeePerGas!),
      maxPriorityFeePerGas: BigInt(transaction.maxPriorityFeePerGas!),
    })
  }
  const send = (ledger: SendLedger, key: string | undefined, request: EthereumTransactionRequest) =>
    ethereumTransactionConfirmation({
      context,
      request,
      chain,
      signOnly: false,
      uiOptions: {},
      sign,
      ...(key ? { idempotency: { key, ledger } } : {}),
    }).headless()
  return { account, send, signatures: () => signatures, sentFromIt: async () => Number(await rpc<Hex>('eth_getTransactionCount', [account.address, 'latest'])) }
}

const payment = (from: string, wei: bigint): EthereumTransactionRequest => ({ from, to: '0x000000000000000000000000000000000000dEaD', value: wei })

describe('sending with an idempotency key (docs/security.md #60)', () => {
  it('10 retries with one key, the first timing out after its broadcast, put one transaction on chain and answer one hash', async () => {
    const wallet = await flakyWallet()
    const ledger = createSendLedger()
    const request = payment(wallet.account.address, 1_000n)
    const hashes = []
    for (let attempt = 0; attempt < 10; attempt++) hashes.push(await wallet.send(ledger, 'pay-invoice-17', request))
    expect(new Set(hashes).size).toBe(1)
    expect(await rpc<{ hash: string } | null>('eth_getTransactionByHash', [hashes[0]])).toMatchObject({ hash: hashes[0] })
    expect(await wallet.sentFromIt()).toBe(1)
    // Signed once: the retries sent the same bytes, never a new signature with a new nonce.
    expect(wallet.signatures()).toBe(1)
  })

  it('concurrent retries with one key sign once and answer one hash', async () => {
    const wallet = await flakyWallet()
    const ledger = createSendLedger()
    const request = payment(wallet.account.address, 2_000n)
    const hashes = await Promise.all(Array.from({ length: 10 }, () => wallet.send(ledger, 'pay-invoice-18', request)))
    expect(new Set(hashes).size).toBe(1)
    expect([await wallet.sentFromIt(), wallet.signatures()]).toEqual([1, 1])
  })

  it('refuses the same key with a different body, and sends nothing for it', async () => {
    const wallet = await flakyWallet()
    const ledger = createSendLedger()
    await wallet.send(ledger, 'pay-invoice-19', payment(wallet.account.address, 3_000n))
    const refused = await wallet.send(ledger, 'pay-invoice-19', payment(wallet.account.address, 3_001n)).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TesseraError)
    expect(refused).toMatchObject({ code: 'invalid_data', status: 422, shortMessage: 'This idempotency key was already used for another transaction.' })
    expect([await wallet.sentFromIt(), wallet.signatures()]).toEqual([1, 1])
  })

  it('without a key, each send is its own transaction (the key is what makes a retry the same send)', async () => {
    const wallet = await flakyWallet()
    const ledger = createSendLedger()
    await expect(wallet.send(ledger, undefined, payment(wallet.account.address, 4_000n))).rejects.toThrow(/too long/)
    // The node took it: once it is mined, the next send reads the next nonce.
    while ((await wallet.sentFromIt()) < 1) await new Promise((resolve) => setTimeout(resolve, 20))
    await wallet.send(ledger, undefined, payment(wallet.account.address, 4_000n))
    // The send answers at broadcast; under load the block holding it can come a moment later.
    await vi.waitFor(async () => expect(await wallet.sentFromIt()).toBe(2), { timeout: 5_000, interval: 20 })
  })
})
