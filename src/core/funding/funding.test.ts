import { parseEther, type Address } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deployTestContracts, mintErc20, ANVIL_FIRST_PRIVATE_KEY, type TestContracts } from '../../../test/harness/evm-contracts.js'
import { startAnvil, type Anvil } from '../../../server/src/test-support/anvil.js'
import { fundingConfigDto, localChainDto } from './test-support/funding-config.js'
import { fundingStateWhere, startFundingTestbed, type FundingClientTestbed } from './test-support/funding-client.js'

let anvil: Anvil
let contracts: TestContracts
let testbed: FundingClientTestbed
beforeAll(async () => {
  anvil = await startAnvil()
  contracts = await deployTestContracts(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY)
}, 60_000)
afterAll(async () => {
  await anvil.stop()
})
afterEach(async () => {
  await testbed?.close()
})

const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}
const setBalance = (address: string, wei: bigint) => rpc('anvil_setBalance', [address, `0x${wei.toString(16)}`])

/** An app whose funding recommends ETH on the local chain, which plays Base for the on-ramps. */
async function signedIn(options: { ui?: boolean } = {}) {
  testbed = await startFundingTestbed({
    chains: [localChainDto(31337, anvil.rpcUrl, { name: 'Anvil', onramp_network: 'base' })],
    default_chain_id: 31337,
    funding_config: fundingConfigDto({ default_recommended_currency: { chain: 'eip155:31337', asset: 'native-currency' } }),
  })
  testbed.routes.set('GET /api/v1/token_price?chainId=31337&tokenSymbol=ETH', () => ({ body: { usd: 2000 } }))
  const { client, prompts } = testbed.newClient({ timing: { receivePollMs: 50 }, ui: options.ui })
  const wallets = await testbed.login(client)
  return { client, prompts, wallets }
}

describe('client.funding', () => {
  it('refuses a signed-out caller and an address that is not one of the user’s wallets', async () => {
    testbed = await startFundingTestbed({ funding_config: fundingConfigDto() })
    const { client } = testbed.newClient()
    await client.ready
    expect(client.funding.getState()).toEqual({ sessions: [] })
    await expect(client.funding.fundWallet({ address: '0x1111111111111111111111111111111111111111' })).rejects.toMatchObject({
      code: 'must_be_authenticated',
      shortMessage: 'User must be authenticated',
    })
    await testbed.login(client)
    await expect(client.funding.fundWallet({ address: '0x1111111111111111111111111111111111111111' })).rejects.toMatchObject({
      code: 'must_be_authenticated',
      details: expect.stringContaining('not a wallet of the signed-in user'),
    })
    expect(client.funding.getState()).toEqual({ sessions: [] })
  })

  it("announces the session as 'funding:flow' and shows its landing: options, asset, amount and its USD value", async () => {
    const { client, prompts, wallets } = await signedIn()
    const outcome = client.funding.fundWallet({ address: wallets.ethereum })
    const { sessions } = await fundingStateWhere(client, (state) => state.sessions[0]?.amountUsd !== null && state.sessions.length === 1)
    expect(prompts).toEqual(['funding:flow'])
    expect(sessions[0]).toMatchObject({
      id: 'funding-1',
      address: wallets.ethereum,
      chainType: 'ethereum',
      chain: { id: 31337, name: 'Anvil' },
      cluster: null,
      asset: { kind: 'native', symbol: 'ETH', decimals: 18, address: null },
      amount: '0.05',
      amountValid: true,
      amountUsd: '100.00',
      walletName: 'Test App',
      appName: 'Test App',
      options: { card: ['coinbase', 'moonpay'], exchange: true, wallet: true },
      step: 'landing',
      errorMessage: null,
      showAlternateProvider: false,
      fundingMethod: null,
    })
    await setBalance(wallets.ethereum, parseEther('0.25'))
    sessions[0]!.back()
    await expect(outcome).resolves.toEqual({
      status: 'exited',
      address: wallets.ethereum,
      chainType: 'ethereum',
      chain: expect.objectContaining({ id: 31337 }),
      fundingMethod: null,
      balance: { value: parseEther('0.25'), decimals: 18, symbol: 'ETH', usd: 500 },
    })
    expect(client.funding.getState().sessions).toEqual([])
  })

  it("fails with 'Unable to initialize flow' when no UI hears the prompt, and shows an inline session without one", async () => {
    const { client, wallets } = await signedIn({ ui: false })
    await expect(client.funding.fundWallet({ address: wallets.ethereum })).rejects.toMatchObject({
      code: 'not_supported',
      shortMessage: 'Unable to initialize flow',
    })
    expect(client.funding.getState().sessions).toEqual([])
    const inline = client.funding.fundWallet({ address: wallets.solana, chainType: 'solana' }, { inline: true, id: 'panel-1' })
    const { sessions } = await fundingStateWhere(client, (state) => state.sessions.length === 1)
    expect(sessions[0]).toMatchObject({
      id: 'panel-1',
      inline: true,
      chainType: 'solana',
      cluster: { name: 'mainnet-beta' },
      chain: null,
      asset: { symbol: 'SOL', decimals: 9 },
    })
    await expect(client.funding.fundWallet({ address: wallets.solana, chainType: 'solana' }, { inline: true, id: 'panel-1' })).rejects.toMatchObject({
      shortMessage: 'Invalid funding data',
    })
    client.funding.getState().sessions[0]!.exit()
    await expect(inline).resolves.toMatchObject({ status: 'exited', chainType: 'solana', cluster: { name: 'mainnet-beta' } })
  })

  it('receives: reads the balance every poll, shows Continue once it rises, reports the manual funding, ends funded', async () => {
    const { client, wallets } = await signedIn()
    await setBalance(wallets.ethereum, parseEther('1'))
    const outcome = client.funding.fundWallet({ address: wallets.ethereum, defaultFundingMethod: 'manual' })
    const receiving = await fundingStateWhere(client, (state) => state.sessions[0]?.balance !== null && state.sessions[0]?.balance !== undefined)
    expect(receiving.sessions[0]).toMatchObject({
      step: 'receive',
      fundingMethod: 'manual',
      balance: { value: parseEther('1'), symbol: 'ETH' },
      balanceRose: false,
    })
    await setBalance(wallets.ethereum, parseEther('1.5'))
    const risen = await fundingStateWhere(client, (state) => state.sessions[0]?.balanceRose === true)
    expect(risen.sessions[0]!.balance).toMatchObject({ value: parseEther('1.5') })
    risen.sessions[0]!.finish()
    await expect(outcome).resolves.toMatchObject({ status: 'funded', fundingMethod: 'manual', balance: { value: parseEther('1.5') } })
    await expect
      .poll(() => testbed.analytics('sdk_fiat_on_ramp_completed_with_status'))
      .toEqual([{ provider: 'manual', status: 'success', chainType: 'ethereum', address: wallets.ethereum, value: '0.5', token: 'ETH' }])
  })

  it("reads an ERC-20's symbol and decimals before the landing offers anything, and names a contract that is not a token", async () => {
    const { client, wallets } = await signedIn()
    await mintErc20(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc20, wallets.ethereum as Address, parseEther('3'))
    void client.funding.fundWallet({ address: wallets.ethereum, asset: { erc20: contracts.erc20 }, amount: '2' })
    const first = await fundingStateWhere(client, (state) => state.sessions.length === 1)
    expect(first.sessions[0]!.asset).toBeNull()
    first.sessions[0]!.receiveFunds()
    expect(client.funding.getState().sessions[0]!.step).toBe('landing')
    const loaded = await fundingStateWhere(client, (state) => state.sessions[0]?.asset !== null)
    expect(loaded.sessions[0]).toMatchObject({
      asset: { kind: 'erc20', symbol: 'TTT', decimals: 18, address: contracts.erc20 },
      options: { card: [], exchange: false, wallet: true },
      amountUsd: null,
    })
    loaded.sessions[0]!.exit()

    void client.funding.fundWallet({ address: wallets.ethereum, asset: { erc20: '0x000000000000000000000000000000000000dEaD' } })
    const failed = await fundingStateWhere(client, (state) => state.sessions[0]?.errorMessage !== null && state.sessions.length === 1)
    expect(failed.sessions[0]).toMatchObject({ asset: null, errorMessage: 'Unable to fetch token details' })
  })

  it('ends every session as exited on logout, and refuses funding that is not enabled', async () => {
    const { client, wallets } = await signedIn()
    const first = client.funding.fundWallet({ address: wallets.ethereum, defaultFundingMethod: 'wallet' })
    const second = client.funding.fundWallet({ address: wallets.solana, chainType: 'solana' })
    const open = await fundingStateWhere(client, (state) => state.sessions.length === 2)
    expect(open.sessions.map((session) => [session.id, session.step])).toEqual([
      ['funding-1', 'wallets'],
      ['funding-2', 'landing'],
    ])
    await client.logout()
    await expect(first).resolves.toMatchObject({ status: 'exited', fundingMethod: 'wallet' })
    await expect(second).resolves.toMatchObject({ status: 'exited' })
    expect(client.funding.getState().sessions).toEqual([])
  })
})
