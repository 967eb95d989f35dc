import { LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../server/src/test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../server/src/test-support/litesvm-rpc.js'
import { fundingStateWhere, startFundingTestbed, type FundingClientTestbed } from '../funding/test-support/funding-client.js'
import { fundingConfigDto, localChainDto } from '../funding/test-support/funding-config.js'
import type { TesseraClient } from '../types.js'
import { embeddedStateWhere } from '../wallets/embedded/test-support/embedded-client.js'
import type { Confirmation, EthereumTransactionConfirmation, SolanaTransactionConfirmation } from './types.js'

let anvil: Anvil
let localnet: SolanaLocalnet
let testbed: FundingClientTestbed
beforeAll(async () => {
  ;[anvil, localnet] = await Promise.all([startAnvil(), startSolanaLocalnet({ slotMs: 50 })])
}, 60_000)
afterAll(async () => {
  await Promise.all([anvil.stop(), localnet.close()])
})
afterEach(async () => {
  await testbed?.close()
})

const setBalance = (address: string, wei: bigint) =>
  fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${wei.toString(16)}`] }),
  })

async function signedIn(funding = true) {
  testbed = await startFundingTestbed({
    chains: [localChainDto(31337, anvil.rpcUrl, { name: 'Anvil', onramp_network: 'base' })],
    default_chain_id: 31337,
    solana_clusters: [{ name: 'devnet', rpc_url: localnet.rpcUrl, block_explorer_url: null }],
    // A recommendation below the shortfalls here, so the session asks for the shortfall itself.
    funding_config: funding ? fundingConfigDto({ default_recommended_currency: { chain: 'eip155:31337' }, default_recommended_amount: '0.000001' }) : null,
  })
  const { client, prompts } = testbed.newClient()
  // No scan: approval is not held while one runs.
  client.setConfig({ embeddedWallets: { transactionScanning: { enabled: false } } })
  testbed.routes.set('GET /api/v1/token_price', () => ({ body: { usd: 2000 } }))
  const wallets = await testbed.login(client)
  return { client, prompts, wallets }
}

const confirmationWhere = async <C extends Confirmation>(client: TesseraClient, condition: (confirmation: Confirmation) => boolean) =>
  (await embeddedStateWhere(client, (state) => (state.confirmations ?? []).some(condition))).confirmations!.find(condition) as C

describe('\'Add funds\' on a confirmation (funding spec, "Screens and routes")', () => {
  it('opens a session for the shortfall over the confirmation, then prepares it again: Approve replaces Add funds', async () => {
    const { client, prompts, wallets } = await signedIn()
    await setBalance(wallets.ethereum, parseEther('0.001'))
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.01') } })
    const short = await confirmationWhere<EthereumTransactionConfirmation>(client, (confirmation) => confirmation.status === 'ready')
    expect(short.summary!.insufficientFunds).toBe(true)
    short.addFunds()
    const { sessions } = await fundingStateWhere(client, (state) => state.sessions.length === 1)
    const shortfall = parseEther('0.01') + short.summary!.estimatedFee!.value - parseEther('0.001')
    expect(sessions[0]).toMatchObject({ forConfirmation: short.id, address: wallets.ethereum, chain: { id: 31337 }, asset: { kind: 'native', symbol: 'ETH' } })
    expect(sessions[0]).not.toHaveProperty('inline')
    const amount = sessions[0]!.amount
    expect(parseEther(amount) >= shortfall && parseEther(amount) < shortfall + shortfall / 50n).toBe(true)
    expect(prompts).toEqual(['transaction:confirm', 'funding:flow'])
    await setBalance(wallets.ethereum, parseEther('0.5'))
    sessions[0]!.exit()
    const covered = await confirmationWhere<EthereumTransactionConfirmation>(
      client,
      (confirmation) => confirmation.status === 'ready' && confirmation.kind !== 'sign-message' && confirmation.summary?.insufficientFunds === false,
    )
    expect(covered.id).toBe(short.id)
    expect(covered.summary!.balance.value).toBe(parseEther('0.5'))
    covered.approve()
    await expect(sending).resolves.toMatchObject({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
  })

  it('funds the Solana shortfall on the confirmation’s cluster', async () => {
    const { client, wallets } = await signedIn()
    const from = new PublicKey(wallets.solana)
    localnet.airdrop(wallets.solana, 1_000_000n)
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: from, toPubkey: PublicKey.unique(), lamports: LAMPORTS_PER_SOL / 10 }))
    const sending = client.embeddedWallets
      .getSolanaProvider(wallets.solana)
      .then((provider) => provider.signAndSendTransaction(transaction, { cluster: 'devnet' }))
    const short = await confirmationWhere<SolanaTransactionConfirmation>(client, (confirmation) => confirmation.status === 'ready')
    expect(short.summary!.insufficientFunds).toBe(true)
    short.addFunds()
    const { sessions } = await fundingStateWhere(client, (state) => state.sessions.length === 1)
    // 0.1 SOL and the 5,000-lamport fee, less the 1,000,000 lamports held.
    expect(sessions[0]).toMatchObject({
      forConfirmation: short.id,
      chainType: 'solana',
      cluster: { name: 'devnet', rpcUrl: `${client.apiUrl}/api/v1/apps/${client.appId}/rpc/solana/devnet` },
      amount: '0.0991',
      asset: { symbol: 'SOL' },
    })
    localnet.airdrop(wallets.solana, BigInt(LAMPORTS_PER_SOL))
    sessions[0]!.exit()
    const covered = await confirmationWhere<SolanaTransactionConfirmation>(
      client,
      (confirmation) => confirmation.status === 'ready' && confirmation.kind !== 'sign-message' && confirmation.summary?.insufficientFunds === false,
    )
    covered.approve()
    await expect(sending).resolves.toMatchObject({ signature: expect.any(String) })
  })

  it('leaves the refusal on the confirmation when the app has no funding', async () => {
    const { client, wallets } = await signedIn(false)
    await setBalance(wallets.ethereum, 0n)
    void client.embeddedWallets
      .sendTransaction({ transaction: { to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.01') } })
      .catch(() => undefined)
    const short = await confirmationWhere<EthereumTransactionConfirmation>(client, (confirmation) => confirmation.status === 'ready')
    short.addFunds()
    const refused = await confirmationWhere<EthereumTransactionConfirmation>(client, (confirmation) => confirmation.error !== null)
    expect(refused).toMatchObject({ status: 'ready', error: { code: 'feature_not_enabled', shortMessage: 'Wallet funding is not enabled' } })
    expect(client.funding.getState().sessions).toEqual([])
  })
})
