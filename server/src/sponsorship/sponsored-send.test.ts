import { describe, expect, it } from 'vitest'
import { appDefaults } from '../apps/store.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { WalletSigner } from '../signer/types.js'
import { sendSponsoredTransaction } from './sponsored-send.js'

const chainId = 31337
/** Nothing answers here: a send that got past the refusal would fail on the network instead. */
const unreachable = 'http://127.0.0.1:1'
const app: AppRecord = {
  ...appDefaults,
  id: 'sponsored-send-app',
  name: 'Sponsored',
  chains: [
    { id: chainId, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: unreachable, blockExplorerUrl: null, testnet: true },
  ],
  gasSponsorship: {
    enabled: true,
    allowedChainIds: [chainId],
    allowedContracts: 'any',
    dailyCapPerUserWei: '1000000000000000000',
    chains: { [chainId]: { paymasters: { '0.7': '0x3333333333333333333333333333333333333333' }, bundlerUrl: unreachable } },
  },
}
const signerThatMustNotSign = new Proxy(
  {},
  {
    get: () => {
      throw new Error('nothing may be signed')
    },
  },
) as WalletSigner

describe('sendSponsoredTransaction', () => {
  it("refuses a server-managed wallet's sponsored send on a chain with no EntryPoint 0.8 paymaster, before signing anything", async () => {
    const send = sendSponsoredTransaction({} as ServerContext, {
      app,
      signer: signerThatMustNotSign,
      chainId,
      wallet: { userId: 'user-1', address: '0x1111111111111111111111111111111111111111', signerKeyId: 'key-1' },
      call: { to: '0x2222222222222222222222222222222222222222', value: 0n, data: '0x' },
    })
    await expect(send).rejects.toMatchObject({
      status: 403,
      code: 'policy_violation',
      message: `Sponsorship policy: chain ${chainId} has no paymaster for EntryPoint 0.8; sponsored sends from server-managed wallets need it (EIP-7702)`,
    })
  })
})
