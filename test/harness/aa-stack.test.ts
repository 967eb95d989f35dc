/**
 * The local ERC-4337 infrastructure works end to end: smart accounts built by permissionless on the deployed factories
 * send batches of two calls as one user operation through the alto bundler, and the VerifyingPaymaster pays for an
 * operation it signed for. One anvil and one bundler for the file.
 */
import { createSmartAccountClient } from 'permissionless'
import { to7702SimpleSmartAccount, toSafeSmartAccount, toSimpleSmartAccount } from 'permissionless/accounts'
import { createPimlicoClient } from 'permissionless/clients/pimlico'
import { createPublicClient, defineChain, http, parseEther, type Address, type PublicClient, type SignedAuthorization } from 'viem'
import type { SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../server/src/test-support/anvil.js'
import { entryPointAbi } from './aa-contracts.js'
import { deployAccountAbstraction, PAYMASTER_DEPOSIT, startBundler, type AccountAbstractionAddresses, type Bundler } from './aa-stack.js'
import { anvilCall } from './local-chains.js'
import { verifyingPaymasterActions } from './verifying-paymaster.js'

let anvil: Anvil
let bundler: Bundler
let aa: AccountAbstractionAddresses
let reader: PublicClient
const paymasterSigner = privateKeyToAccount(generatePrivateKey())
const chain = () =>
  defineChain({
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })

beforeAll(async () => {
  anvil = await startAnvil()
  aa = await deployAccountAbstraction(anvil.rpcUrl, { paymasterSigner: paymasterSigner.address })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoints: [aa.entryPoint07, aa.entryPoint08] })
  reader = createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl), pollingInterval: 50, cacheTime: 0 })
})

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

/** A client that sends `account`'s operations through the bundler at the fees it quotes, through `paymaster` if given. */
function smartAccountClient(account: SmartAccount, paymaster?: ReturnType<typeof verifyingPaymasterActions>) {
  const pimlico = createPimlicoClient({ transport: http(bundler.url), entryPoint: account.entryPoint })
  return createSmartAccountClient({
    account,
    chain: chain(),
    bundlerTransport: http(bundler.url),
    paymaster,
    userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
    pollingInterval: 50,
  })
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const fund = (address: Address, amount: bigint) => anvilCall(anvil, 'anvil_setBalance', [address, `0x${amount.toString(16)}`])

/** Sends two value transfers as one user operation; both arrive, and the receipt is of that one operation. */
async function sendBatchOfTwo(client: ReturnType<typeof smartAccountClient>, authorization?: SignedAuthorization) {
  const [first, second] = [freshAddress(), freshAddress()]
  const hash = await client.sendUserOperation({
    calls: [
      { to: first, value: 1_000n },
      { to: second, value: 2_000n },
    ],
    authorization,
  })
  const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
  expect(receipt.success).toBe(true)
  expect(receipt.userOpHash).toBe(hash)
  expect(receipt.sender).toBe(client.account.address)
  expect([await reader.getBalance({ address: first }), await reader.getBalance({ address: second })]).toEqual([1_000n, 2_000n])
  return receipt
}

const owner = (): LocalAccount => privateKeyToAccount(generatePrivateKey())

/** The EOA's EIP-7702 authorization of the Simple7702Account delegate (viem sends it, the owner must sign it). */
const delegation = async (eoa: LocalAccount) =>
  eoa.signAuthorization!({ address: aa.simple7702Account, chainId: anvil.chainId, nonce: await reader.getTransactionCount({ address: eoa.address }) })

describe('smart accounts on the local EntryPoint through alto', () => {
  const accounts: [string, () => Promise<SmartAccount>][] = [
    [
      'Safe 1.4.1 (EntryPoint 0.7)',
      () =>
        toSafeSmartAccount({
          client: reader,
          owners: [owner()],
          version: '1.4.1',
          entryPoint: { address: aa.entryPoint07, version: '0.7' },
          ...aa.factories.safe,
        }),
    ],
    [
      'SimpleAccount (EntryPoint 0.7)',
      () =>
        toSimpleSmartAccount({
          client: reader,
          owner: owner(),
          factoryAddress: aa.factories.simpleAccount07,
          entryPoint: { address: aa.entryPoint07, version: '0.7' },
        }),
    ],
    [
      'SimpleAccount (EntryPoint 0.8)',
      () =>
        toSimpleSmartAccount({
          client: reader,
          owner: owner(),
          factoryAddress: aa.factories.simpleAccount08,
          entryPoint: { address: aa.entryPoint08, version: '0.8' },
        }),
    ],
  ]
  for (const [name, makeAccount] of accounts) {
    it(`${name}: a fresh account is deployed and sends a batch of two calls as one user operation`, async () => {
      const account = await makeAccount()
      expect(await reader.getCode({ address: account.address })).toBeUndefined()
      await fund(account.address, parseEther('1'))
      await sendBatchOfTwo(smartAccountClient(account))
      expect(await reader.getCode({ address: account.address })).toBeDefined()
    })
  }

  it('Simple7702Account (EntryPoint 0.8): an EOA delegates by EIP-7702 and sends a batch of two calls as one user operation', async () => {
    const eoa = owner()
    const account = await to7702SimpleSmartAccount({
      client: reader,
      owner: eoa,
      accountLogicAddress: aa.simple7702Account,
      entryPoint: { address: aa.entryPoint08, version: '0.8' },
    })
    expect(account.address).toBe(eoa.address)
    await fund(eoa.address, parseEther('1'))
    await sendBatchOfTwo(smartAccountClient(account), await delegation(eoa))
    // The EOA's code is now the EIP-7702 delegation designator (0xef0100 ++ delegate).
    expect((await reader.getCode({ address: eoa.address }))?.toLowerCase()).toBe(`0xef0100${aa.simple7702Account.slice(2).toLowerCase()}`)
  })
})

describe('the VerifyingPaymaster pays for operations its signer signed', () => {
  const deposit = (entryPoint: Address, paymaster: Address) =>
    reader.readContract({ address: entryPoint, abi: entryPointAbi(), functionName: 'balanceOf', args: [paymaster] }) as Promise<bigint>

  it('EntryPoint 0.7: a Safe with no ether sends a sponsored batch; its balance stays 0 and the paymaster deposit pays', async () => {
    const account = await toSafeSmartAccount({
      client: reader,
      owners: [owner()],
      version: '1.4.1',
      entryPoint: { address: aa.entryPoint07, version: '0.7' },
      ...aa.factories.safe,
    })
    // The batch's 3,000 wei come from the account; the gas does not.
    await fund(account.address, 3_000n)
    const before = await deposit(aa.entryPoint07, aa.verifyingPaymaster07)
    const receipt = await sendBatchOfTwo(
      smartAccountClient(account, verifyingPaymasterActions({ client: reader, paymaster: aa.verifyingPaymaster07, signer: paymasterSigner })),
    )
    expect(receipt.paymaster).toBe(aa.verifyingPaymaster07)
    expect(await reader.getBalance({ address: account.address })).toBe(0n)
    expect(await deposit(aa.entryPoint07, aa.verifyingPaymaster07)).toBe(before - receipt.actualGasCost)
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
  })

  it('EntryPoint 0.8: an EIP-7702 account with no ether is sponsored by the 0.8 build of the paymaster', async () => {
    const eoa = owner()
    const account = await to7702SimpleSmartAccount({
      client: reader,
      owner: eoa,
      accountLogicAddress: aa.simple7702Account,
      entryPoint: { address: aa.entryPoint08, version: '0.8' },
    })
    await fund(eoa.address, 3_000n)
    const before = await deposit(aa.entryPoint08, aa.verifyingPaymaster08)
    const receipt = await sendBatchOfTwo(
      smartAccountClient(account, verifyingPaymasterActions({ client: reader, paymaster: aa.verifyingPaymaster08, signer: paymasterSigner })),
      await delegation(eoa),
    )
    expect(await reader.getBalance({ address: eoa.address })).toBe(0n)
    expect(await deposit(aa.entryPoint08, aa.verifyingPaymaster08)).toBe(before - receipt.actualGasCost)
  })

  it('refuses an operation signed by another key: the bundler rejects it and nothing is paid', async () => {
    const account = await toSimpleSmartAccount({
      client: reader,
      owner: owner(),
      factoryAddress: aa.factories.simpleAccount07,
      entryPoint: { address: aa.entryPoint07, version: '0.7' },
    })
    const before = await deposit(aa.entryPoint07, aa.verifyingPaymaster07)
    const forged = smartAccountClient(account, verifyingPaymasterActions({ client: reader, paymaster: aa.verifyingPaymaster07, signer: owner() }))
    await expect(forged.sendUserOperation({ calls: [{ to: freshAddress(), value: 0n }] })).rejects.toThrow(/AA34|signature/i)
    expect(await deposit(aa.entryPoint07, aa.verifyingPaymaster07)).toBe(before)
  })

  it('a second deployment on the same chain deploys nothing again: it only tops the two spent deposits up', async () => {
    const blockBefore = await reader.getBlockNumber()
    expect(await deployAccountAbstraction(anvil.rpcUrl, { paymasterSigner: paymasterSigner.address })).toEqual(aa)
    // anvil mines one block per transaction: the two deposits, none of the thirteen deployments.
    expect(await reader.getBlockNumber()).toBe(blockBefore + 2n)
    expect(await deposit(aa.entryPoint07, aa.verifyingPaymaster07)).toBe(PAYMASTER_DEPOSIT)
    expect(await deposit(aa.entryPoint08, aa.verifyingPaymaster08)).toBe(PAYMASTER_DEPOSIT)
  })
})
