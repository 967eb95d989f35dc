import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthState, User, WalletAccount } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useConnectOrCreateWallet } from '../index.js'
import { connectOrCreateStep } from './use-connect-or-create-wallet.js'

const appId = 'tessera-test-app-00000054'
const at = 1_700_000_000
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

const embeddedAccount = { type: 'wallet', id: null, address: '0x1111111111111111111111111111111111111111', imported: false, delegated: false, chainType: 'ethereum', chainId: 'eip155:1', walletClientType: 'privy', connectorType: 'embedded', recoveryMethod: 'privy', walletIndex: 0, verifiedAt: at, firstVerifiedAt: at, latestVerifiedAt: at } as unknown as WalletAccount
const user = (linkedAccounts: User['linkedAccounts']) => ({ id: 'did:privy:user-1', linkedAccounts }) as unknown as User
/** The double's client as a signed-in (or signed-out) one: the step reads only the auth state. */
const signIn = (auth: AuthState) => Object.assign(double.client, { getAuth: () => auth })

describe('useConnectOrCreateWallet', () => {
  it('picks the step: sign in with a wallet when signed out, create the embedded wallet when the user has none, else connect another', () => {
    expect(connectOrCreateStep(double.client)).toBe('sign-in')
    signIn({ status: 'authenticated', user: user([]) })
    expect(connectOrCreateStep(double.client)).toBe('create')
    signIn({ status: 'authenticated', user: user([embeddedAccount]) })
    expect(connectOrCreateStep(double.client)).toBe('connect')
  })

  it('signed in without an embedded wallet: creates it and hands it to onSuccess', async () => {
    signIn({ status: 'authenticated', user: user([]) })
    const succeeded: unknown[] = []
    let connectOrCreateWallet: (() => void) | null = null
    function Probe() {
      connectOrCreateWallet = useConnectOrCreateWallet({ onSuccess: ({ wallet }) => void succeeded.push(wallet) }).connectOrCreateWallet
      return null
    }
    double.render(<Probe />)
    connectOrCreateWallet!()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(double.calls).toEqual([{ method: 'create', input: {} }])
    expect(succeeded).toEqual(double.state.get().wallets)
    expect(succeeded).toEqual([expect.objectContaining({ chainType: 'ethereum', connectorType: 'embedded' })])
  })
})
