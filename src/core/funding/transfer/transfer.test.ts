import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_FIRST_PRIVATE_KEY } from '../../../../test/harness/evm-contracts.js'
import { startAnvil, type Anvil } from '../../../../server/src/test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { BRIDGE_NATIVE_CURRENCY, BRIDGE_SOLANA_CHAIN_ID, BRIDGE_SOLANA_NATIVE_CURRENCY } from '../../../protocol/funding.js'
import { setUpToken } from '../../transactions/solana/test-support/spl-instructions.js'
import { createTestEthereumWallet, type TestEthereumWallet } from '../../wallets/test-support/ethereum-wallet.js'
import { announceEip6963, eip1193Provider, fakePage, registerStandardWallet, standardWallet } from '../../wallets/test-support/fake-page.js'
import { createTestSolanaWallet, type TestSolanaWallet } from '../../wallets/test-support/solana-wallet.js'
import type { TesseraClient } from '../../types.js'
import { fakeBridge } from '../test-support/fake-bridge.js'
import { fundingStateWhere, startFundingTestbed, type FundingClientTestbed } from '../test-support/funding-client.js'
import { fundingConfigDto, localChainDto } from '../test-support/funding-config.js'
import type { FundingSession, FundWalletInput } from '../types.js'

let home: Anvil
let away: Anvil
let localnet: SolanaLocalnet
let testbed: FundingClientTestbed
beforeAll(async () => {
  ;[home, away, localnet] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 }), startSolanaLocalnet({ slotMs: 50 })])
}, 60_000)
afterAll(async () => {
  await Promise.all([home.stop(), away.stop(), localnet.close()])
})
afterEach(async () => {
  await testbed?.close()
})

const evmBalance = (anvil: Anvil, address: string) => createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address: address as Hex })
const setEvmBalance = (anvil: Anvil, address: string, wei: bigint) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).request({
    method: 'anvil_setBalance' as 'eth_chainId',
    params: [address, `0x${wei.toString(16)}`] as never,
  })
const lamports = (address: string) => new Connection(localnet.rpcUrl, 'confirmed').getBalance(new PublicKey(address))

interface Funding {
  client: TesseraClient
  wallets: { ethereum: string; solana: string }
  metamask: TestEthereumWallet
  phantom: TestSolanaWallet
  bridge: ReturnType<typeof fakeBridge>
}

/**
 * A signed-in user of an app with two local EVM chains (Home plays Base, Away) and the local Solana endpoint as
 * mainnet-beta; a MetaMask-like wallet that knows both chains and a Phantom-like Solana wallet in the page; the
 * server's bridge routes answered by the fake bridge.
 */
async function withWallets(options: { bridging?: boolean; usdcMint?: string; phantom?: TestSolanaWallet } = {}): Promise<Funding> {
  testbed = await startFundingTestbed({
    wallet_auth: true,
    solana_wallet_auth: true,
    chains: [localChainDto(31337, home.rpcUrl, { name: 'Home', onramp_network: 'base' }), localChainDto(31338, away.rpcUrl, { name: 'Away' })],
    default_chain_id: 31337,
    solana_clusters: [{ name: 'mainnet-beta', rpc_url: localnet.rpcUrl, block_explorer_url: null, ...(options.usdcMint && { usdc_mint: options.usdcMint }) }],
    funding_config: fundingConfigDto({ default_recommended_currency: { chain: 'eip155:31337' }, cross_chain_bridging_enabled: options.bridging ?? false }),
  })
  const bridge = fakeBridge({ chains: { 31337: home.rpcUrl, 31338: away.rpcUrl }, solana: localnet, solverKey: ANVIL_FIRST_PRIVATE_KEY })
  for (const [route, handler] of Object.entries(bridge.routes)) testbed.routes.set(route, handler)
  testbed.routes.set('GET /api/v1/token_price', (request) => ({
    body: { usd: request.path.includes('tokenSymbol=SOL') ? 150 : request.path.includes('tokenSymbol=USDC') ? 1 : 2000 },
  }))
  const page = fakePage()
  const metamask = createTestEthereumWallet({ privateKey: generatePrivateKey(), chainId: 31337, rpcUrls: { 31337: home.rpcUrl, 31338: away.rpcUrl } })
  announceEip6963(page, eip1193Provider(metamask), { rdns: 'io.metamask', name: 'MetaMask' })
  const phantom = options.phantom ?? createTestSolanaWallet()
  registerStandardWallet(page, standardWallet(phantom, { name: 'Phantom' }))
  const { client } = testbed.newClient({ page, timing: { receiptPollMs: 50, bridgePollMs: 50, successDisplayMs: 200 } })
  const wallets = await testbed.login(client)
  return { client, wallets, metamask, phantom, bridge }
}

const current = (client: TesseraClient) => client.funding.getState().sessions[0]!
const until = async (client: TesseraClient, condition: (session: FundingSession) => boolean) =>
  (await fundingStateWhere(client, (state) => !!state.sessions[0] && condition(state.sessions[0]))).sessions[0]!

/** Opens the session, lists the wallets, picks `walletName`'s entry (connecting it) and sets the amount. */
async function payingWith(setup: Funding, input: FundWalletInput, walletName: string, amount: string) {
  const outcome = setup.client.funding.fundWallet(input)
  const landing = await until(setup.client, (session) => session.asset !== null)
  landing.transferFromWallet()
  const listed = await until(setup.client, (session) => session.wallets.some((entry) => entry.name === walletName))
  listed.chooseWallet(listed.wallets.find((entry) => entry.name === walletName)!.id)
  const asking = await until(setup.client, (session) => session.step === 'amount')
  asking.setAmount('1.2.3')
  expect(current(setup.client).amount).toBe(input.amount ?? '0.05')
  asking.setAmount(amount)
  expect(current(setup.client)).toMatchObject({ amount, amountValid: true })
  current(setup.client).continueWithAmount()
  return { outcome }
}

describe('transfer from an external wallet on the same chain (funding spec, "Screens and routes" and "States and transitions")', () => {
  it('lists the wallets, connects the chosen one, confirms the summary, sends, and closes after the success delay', async () => {
    const setup = await withWallets()
    await setEvmBalance(home, setup.metamask.address, parseEther('2'))
    const before = await evmBalance(home, setup.wallets.ethereum)
    const outcome = setup.client.funding.fundWallet({ address: setup.wallets.ethereum })
    const landing = await until(setup.client, (session) => session.asset !== null)
    landing.transferFromWallet()
    const listed = await until(setup.client, (session) => session.wallets.length > 0)
    // Bridging is off: Ethereum wallets only, the connectable ones by their option id.
    expect(listed.wallets).toEqual([
      { id: 'io.metamask', name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', chain: 'ethereum', connected: false, address: null },
    ])
    expect(listed).toMatchObject({ step: 'wallets', fundingMethod: 'wallet' })
    listed.chooseWallet('io.metamask')
    const asking = await until(setup.client, (session) => session.step === 'amount')
    expect(setup.client.wallets.getConnected().map((wallet) => wallet.address)).toEqual([setup.metamask.address])
    asking.setAmount('0.3')
    current(setup.client).continueWithAmount()
    const confirming = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    const { summary } = confirming.transfer!
    expect(confirming.transfer).toMatchObject({
      from: { address: setup.metamask.address, name: 'MetaMask', chain: 'ethereum', chainId: 31337 },
      bridged: false,
      hash: null,
    })
    expect(summary).toMatchObject({ to: setup.wallets.ethereum, network: 'Home', total: { symbol: 'ETH', decimals: 18 }, estimatedFee: { symbol: 'ETH' } })
    expect(summary!.total.value).toBe(parseEther('0.3') + summary!.estimatedFee!.value)
    confirming.confirmTransfer()
    expect(current(setup.client).transfer!.status).toBe('submitting')
    const done = await until(setup.client, (session) => session.transfer?.status === 'success')
    expect(done.transfer!.hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect(outcome).resolves.toMatchObject({ status: 'funded', fundingMethod: 'wallet', balance: { value: before + parseEther('0.3') } })
    expect(await evmBalance(home, setup.wallets.ethereum)).toBe(before + parseEther('0.3'))
    await expect
      .poll(() => testbed.analytics('sdk_fiat_on_ramp_completed_with_status'))
      .toEqual([
        expect.objectContaining({
          provider: 'external',
          status: 'success',
          address: setup.metamask.address,
          chainId: 31337,
          destinationAddress: setup.wallets.ethereum,
          destinationChainId: 31337,
          destinationValue: '0.3',
          destinationToken: 'ETH',
        }),
      ])
  })

  it("shows the wallet's rejection, and confirms again on retry", async () => {
    const setup = await withWallets()
    await setEvmBalance(home, setup.metamask.address, parseEther('1'))
    const { outcome } = await payingWith(setup, { address: setup.wallets.ethereum }, 'MetaMask', '0.1')
    const confirming = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    setup.metamask.rejectNext()
    confirming.confirmTransfer()
    const failed = await until(setup.client, (session) => session.transfer?.status === 'error')
    expect(failed.transfer!.error).toMatchObject({ code: 'transaction_failure' })
    expect(failed.transfer!.error!.shortMessage).toMatch(/^(User rejected the request\.|Transaction was rejected by the user)$/)
    failed.retry()
    const again = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    again.confirmTransfer()
    await expect(outcome).resolves.toMatchObject({ status: 'funded' })
  })

  it('says the wallet does not have enough funds when it cannot pay and bridging is off; retry goes back to the wallets', async () => {
    const setup = await withWallets()
    await setEvmBalance(home, setup.metamask.address, parseEther('0.01'))
    void payingWith(setup, { address: setup.wallets.ethereum }, 'MetaMask', '0.5')
    const failed = await until(setup.client, (session) => session.transfer?.status === 'error')
    expect(failed).toMatchObject({ step: 'transfer', transfer: { error: { code: 'insufficient_balance' } } })
    expect(failed.transfer!.error!.shortMessage).toMatch(/^Wallet 0x[0-9a-fA-F]{3}…[0-9a-fA-F]{4} does not have enough funds\.$/)
    failed.retry()
    expect(current(setup.client)).toMatchObject({ step: 'wallets', transfer: null })
  })

  it('sends SOL from a Solana wallet', async () => {
    const setup = await withWallets()
    localnet.airdrop(setup.phantom.address, 2n * BigInt(LAMPORTS_PER_SOL))
    const before = await lamports(setup.wallets.solana)
    const { outcome } = await payingWith(setup, { address: setup.wallets.solana, chainType: 'solana' }, 'Phantom', '0.25')
    const confirming = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    expect(confirming.transfer!.summary).toMatchObject({
      to: setup.wallets.solana,
      network: 'mainnet-beta',
      total: { value: 250_005_000n, symbol: 'SOL', decimals: 9 },
      estimatedFee: { value: 5_000n },
    })
    confirming.confirmTransfer()
    await expect(outcome).resolves.toMatchObject({
      status: 'funded',
      chainType: 'solana',
      cluster: { name: 'mainnet-beta' },
      balance: { value: BigInt(before) + 250_000_000n },
    })
    expect(await lamports(setup.wallets.solana)).toBe(before + 250_000_000)
  })

  it('sends USDC from the token account that holds it into the recipient’s; a new recipient account adds its rent to the fee', async () => {
    const phantom = createTestSolanaWallet()
    const mintAuthority = Keypair.generate()
    localnet.airdrop(mintAuthority.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
    localnet.airdrop(phantom.address, BigInt(LAMPORTS_PER_SOL))
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const { mint } = await setUpToken(connection, mintAuthority, { decimals: 6, owner: new PublicKey(phantom.address), amount: 50_000_000n })
    const setup = await withWallets({ usdcMint: mint.toBase58(), phantom })
    const { outcome: first } = await payingWith(setup, { address: setup.wallets.solana, chainType: 'solana', asset: 'USDC', amount: '5' }, 'Phantom', '12.5')
    // The recipient has no token account yet: the transfer creates it (the ATA program's CreateIdempotent), at its rent.
    const rent = BigInt(await connection.getMinimumBalanceForRentExemption(165))
    const withRent = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    expect(withRent.transfer!.summary).toMatchObject({
      total: { value: 12_500_000n, symbol: 'USDC', decimals: 6 },
      estimatedFee: { value: 5_000n + rent, symbol: 'SOL' },
    })
    withRent.confirmTransfer()
    await expect(first).resolves.toMatchObject({ status: 'funded', balance: { value: 12_500_000n, symbol: 'USDC' } })
    // Now it exists: no rent, and the next transfer adds to it.
    const { outcome } = await payingWith(setup, { address: setup.wallets.solana, chainType: 'solana', asset: 'USDC', amount: '5' }, 'Phantom', '12.5')
    const confirming = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    expect(confirming.transfer!.summary!.estimatedFee).toMatchObject({ value: 5_000n })
    confirming.confirmTransfer()
    await expect(outcome).resolves.toMatchObject({ status: 'funded', balance: { value: 25_000_000n, symbol: 'USDC' } })
  })
})

describe('bridged funding (funding spec, "Screens and routes", "States and transitions" and "Validation rules")', () => {
  it('offers the chains where the wallet holds funds, quotes the exact output, sends the step, waits for the bridge', async () => {
    const setup = await withWallets({ bridging: true })
    await setEvmBalance(away, setup.metamask.address, parseEther('3'))
    const before = await evmBalance(home, setup.wallets.ethereum)
    const { outcome } = await payingWith(setup, { address: setup.wallets.ethereum }, 'MetaMask', '0.5')
    const offered = await until(setup.client, (session) => session.step === 'bridge-source' && session.transfer?.status === 'confirm')
    expect(offered.sourceChains).toEqual([{ chainId: 31338, name: 'Away', balance: { value: parseEther('3'), decimals: 18, symbol: 'ETH', usd: null } }])
    expect(setup.bridge.quotes).toEqual([
      {
        tradeType: 'EXPECTED_OUTPUT',
        amount: parseEther('0.5').toString(),
        user: setup.metamask.address,
        recipient: setup.wallets.ethereum,
        originChainId: 31338,
        destinationChainId: 31337,
        originCurrency: BRIDGE_NATIVE_CURRENCY,
        destinationCurrency: BRIDGE_NATIVE_CURRENCY,
      },
    ])
    expect(offered.transfer).toMatchObject({
      bridged: true,
      from: { chainId: 31338 },
      summary: {
        total: { value: parseEther('0.5001'), symbol: 'ETH', usd: 12.5 },
        to: setup.wallets.ethereum,
        network: 'Away',
        estimatedFee: { value: 21_000_000_000_000n, usd: 0.04 },
      },
    })
    // The screen's amount asks a new quote once typing pauses.
    offered.setAmount('0.6')
    const requoted = await until(setup.client, (session) => session.transfer?.status === 'confirm' && setup.bridge.quotes.length === 2)
    expect(setup.bridge.quotes[1]!.amount).toBe(parseEther('0.6').toString())
    requoted.confirmTransfer()
    expect(current(setup.client)).toMatchObject({ step: 'transfer', transfer: { status: 'submitting' } })
    await until(setup.client, (session) => session.transfer?.status === 'bridging')
    await until(setup.client, (session) => session.transfer?.status === 'success')
    await expect(outcome).resolves.toMatchObject({ status: 'funded', balance: { value: before + parseEther('0.6') } })
    expect(setup.bridge.statusQueries.length).toBeGreaterThanOrEqual(2)
    expect(setup.bridge.statusQueries[0]).toMatch(/^req-2:0x[0-9a-f]{64}$/)
    expect(await evmBalance(away, setup.metamask.address)).toBeLessThan(parseEther('2.4'))
  })

  it('shows the refund and its status link when the bridge refunds; retry goes back to the wallets', async () => {
    const setup = await withWallets({ bridging: true })
    await setEvmBalance(away, setup.metamask.address, parseEther('1'))
    setup.bridge.refundNext()
    void payingWith(setup, { address: setup.wallets.ethereum }, 'MetaMask', '0.2')
    ;(await until(setup.client, (session) => session.transfer?.status === 'confirm')).confirmTransfer()
    const refunded = await until(setup.client, (session) => session.transfer?.status === 'error')
    expect(refunded.transfer).toMatchObject({
      refundUrl: 'http://bridge.test/request/req-1',
      error: { code: 'transaction_failure', shortMessage: 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.' },
    })
    refunded.retry()
    expect(current(setup.client).step).toBe('wallets')
  })

  it('bridges from an Ethereum wallet to a Solana wallet', async () => {
    const setup = await withWallets({ bridging: true })
    await setEvmBalance(home, setup.metamask.address, parseEther('1'))
    const before = await lamports(setup.wallets.solana)
    const { outcome } = await payingWith(setup, { address: setup.wallets.solana, chainType: 'solana' }, 'MetaMask', '0.1')
    const offered = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    expect(offered.sourceChains.map((source) => source.chainId)).toEqual([31337])
    expect(setup.bridge.quotes[0]).toMatchObject({
      amount: '100000000',
      originChainId: 31337,
      destinationChainId: BRIDGE_SOLANA_CHAIN_ID,
      originCurrency: BRIDGE_NATIVE_CURRENCY,
      destinationCurrency: BRIDGE_SOLANA_NATIVE_CURRENCY,
      recipient: setup.wallets.solana,
    })
    offered.confirmTransfer()
    await expect(outcome).resolves.toMatchObject({ status: 'funded', chainType: 'solana' })
    expect(await lamports(setup.wallets.solana)).toBe(before + 100_000_000)
  })

  it('bridges from a Solana wallet to an Ethereum wallet, signing the quote’s instructions', async () => {
    const setup = await withWallets({ bridging: true })
    localnet.airdrop(setup.phantom.address, 2n * BigInt(LAMPORTS_PER_SOL))
    const before = await evmBalance(home, setup.wallets.ethereum)
    const { outcome } = await payingWith(setup, { address: setup.wallets.ethereum }, 'Phantom', '0.05')
    const offered = await until(setup.client, (session) => session.transfer?.status === 'confirm')
    expect(offered.sourceChains).toEqual([
      { chainId: BRIDGE_SOLANA_CHAIN_ID, name: 'Solana', balance: { value: 2n * BigInt(LAMPORTS_PER_SOL), decimals: 9, symbol: 'SOL', usd: null } },
    ])
    expect(setup.bridge.quotes[0]).toMatchObject({
      originChainId: BRIDGE_SOLANA_CHAIN_ID,
      originCurrency: BRIDGE_SOLANA_NATIVE_CURRENCY,
      destinationChainId: 31337,
      user: setup.phantom.address,
    })
    expect(offered.transfer!.summary!.total).toMatchObject({ value: 50_010_000n, symbol: 'SOL', decimals: 9 })
    offered.confirmTransfer()
    await expect(outcome).resolves.toMatchObject({ status: 'funded', chainType: 'ethereum' })
    expect(await evmBalance(home, setup.wallets.ethereum)).toBe(before + parseEther('0.05'))
    expect(await lamports(setup.phantom.address)).toBeLessThanOrEqual(2 * LAMPORTS_PER_SOL - 50_010_000)
  })

  it("says 'Unable to fetch quotes for bridging' when the bridge has none", async () => {
    const setup = await withWallets({ bridging: true })
    testbed.routes.set('POST /api/v1/funding/bridge/quote', () => ({
      body: { message: 'Invalid address: the recipient cannot receive on this chain', steps: [] },
    }))
    await setEvmBalance(away, setup.metamask.address, parseEther('1'))
    void payingWith(setup, { address: setup.wallets.ethereum }, 'MetaMask', '0.2')
    const failed = await until(setup.client, (session) => session.transfer?.status === 'error')
    expect(failed.transfer!.error).toMatchObject({
      code: 'insufficient_balance',
      shortMessage: 'Unable to fetch quotes for bridging',
      details: 'Invalid address: the recipient cannot receive on this chain',
    })
  })
})
