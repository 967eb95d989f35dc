import { ed25519 } from '@noble/curves/ed25519.js'
import { getWallets } from '@wallet-standard/app'
import { describe, expect, it } from 'vitest'
import { embeddedStateWhere } from '../../src/core/wallets/embedded/test-support/embedded-client.js'
import { decodeBase58 } from '../../src/protocol/index.js'
import { announcedClient } from '../test-support/announced-client.js'
import { standardWalletsStore } from './standard-wallets-store.js'
import { usePrivyStandardWallet, type UsePrivyStandardWalletResult } from './index.js'

interface SignMessageFeature {
  signMessage(input: { account: unknown; message: Uint8Array }): Promise<readonly { signature: Uint8Array }[]>
}

let hook = {} as UsePrivyStandardWalletResult
function Probe() {
  hook = usePrivyStandardWallet()
  return null
}

describe('usePrivyStandardWallet (tessera/react/solana)', () => {
  it("gives the embedded Solana wallet as the wallet-standard wallet the page's dapps find, with the user's account, signing with its key", async () => {
    const { testbed, client, render } = await announcedClient()
    render(<Probe />)
    expect(hook).toEqual({ ready: false, wallet: null })

    await testbed.login(client)
    const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
    const address = wallets[0]!.address
    await standardWalletsStore(client).start()
    render(<Probe />)
    // A server render shows the session still being checked (useSolanaWallets' ready), and the loaded wallet.
    expect(hook.ready).toBe(false)
    const wallet = hook.wallet!
    expect(wallet).toBe(await client.embeddedWallets.getSolanaStandardWallet())
    await expect
      .poll(() =>
        getWallets()
          .get()
          .includes(wallet as never),
      )
      .toBe(true)
    expect(wallet.accounts.map((account) => account.address)).toEqual([address])
    expect(Object.keys(wallet.features)).toEqual(
      expect.arrayContaining([
        'standard:connect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
        'solana:signIn',
      ]),
    )
    const message = new TextEncoder().encode('from the hook')
    const [signed] = await (wallet.features['solana:signMessage'] as SignMessageFeature).signMessage({ account: wallet.accounts[0], message })
    expect(ed25519.verify(signed!.signature, message, decodeBase58(address)!)).toBe(true)

    await client.logout()
    await expect.poll(() => wallet.accounts.length).toBe(0)
    render(<Probe />)
    expect(hook.wallet).toBe(wallet)
  })
})
