// An Ethereum dapp that knows nothing of Tessera: it finds wallets with mipd's EIP-6963 store and uses the one the
// user picks with viem (accounts, personal_sign, a transfer on the wallet's chain).
import { createStore, type EIP6963ProviderDetail } from 'mipd'
import { createPublicClient, createWalletClient, custom, parseEther, verifyMessage, type Address } from 'viem'
import { ETH_RECIPIENT, fundWallets } from '../shared/local-chains.js'
import type { DappPage } from './dapp-page.js'

export const DAPP_MESSAGE = 'Hello from a dapp that found this wallet with mipd'

export function mountMipdDapp(page: DappPage): void {
  const store = createStore()
  let connected: { detail: EIP6963ProviderDetail; account: Address } | null = null

  async function connect(uuid: string) {
    const detail = store.getProviders().find((candidate) => candidate.info.uuid === uuid)!
    const [account] = await createWalletClient({ transport: custom(detail.provider) }).requestAddresses()
    connected = account ? { detail, account } : null
    page.showAccount(connected?.account ?? null)
    detail.provider.on('accountsChanged', (accounts) => {
      if (connected?.detail === detail && !accounts.includes(connected.account)) page.showAccount((connected = null))
    })
  }
  const show = (details: readonly EIP6963ProviderDetail[]) =>
    page.showWallets(
      details.map(({ info }) => ({ id: info.uuid, name: info.name, icon: info.icon })),
      (uuid) => void connect(uuid),
    )
  show(store.getProviders())
  store.subscribe(show)

  page.onAction('fund', async () => {
    await fundWallets({ ethereum: connected!.account })
    return 'Test funds added'
  })
  page.onAction('sign', async () => {
    const { detail, account } = connected!
    const signature = await createWalletClient({ account, transport: custom(detail.provider) }).signMessage({ message: DAPP_MESSAGE })
    if (!(await verifyMessage({ address: account, message: DAPP_MESSAGE, signature }))) throw new Error('The signature does not verify')
    return `Signature verified: ${signature}`
  })
  page.onAction('send', async () => {
    const { detail, account } = connected!
    const hash = await createWalletClient({ account, transport: custom(detail.provider) }).sendTransaction({
      to: ETH_RECIPIENT as Address,
      value: parseEther('0.001'),
      chain: null,
    })
    const receipt = await createPublicClient({ transport: custom(detail.provider), pollingInterval: 1_000 }).waitForTransactionReceipt({ hash })
    return `Transaction ${receipt.status} in block ${receipt.blockNumber}: ${hash}`
  })
}
