import { describe, expect, it } from 'vitest'
import { DELEGATION_NO_ROOT_MESSAGE, DELEGATION_NOT_OWNED_MESSAGE, type UserDto } from '../../../protocol/index.js'
import type { User } from '../../user/types.js'
import { delegatedActions } from './delegated-actions.js'
import type { EmbeddedWallet } from './types.js'

const wallet = (address: string, extra: Partial<EmbeddedWallet> = {}): EmbeddedWallet => ({
  address,
  chainType: 'ethereum',
  walletIndex: 0,
  recoveryMethod: 'privy',
  imported: false,
  delegated: false,
  entropyId: address,
  entropyIdVerifier: 'ethereum-address-verifier',
  walletClientType: 'privy',
  connectorType: 'embedded',
  ...extra,
})
const root = wallet('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
const second = wallet('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0', { walletIndex: 1, entropyId: root.address })
const solana = wallet('5dE2kpuxLgAnU2rUNtF5DH4aPAmnK3vyqo5tHeUBCwVg', { chainType: 'solana', entropyIdVerifier: 'solana-address-verifier' })
const user = { id: 'did:tessera:alice' } as UserDto

function setup(wallets: EmbeddedWallet[]) {
  const calls: { wallet: EmbeddedWallet; data: unknown }[] = []
  const replaced: UserDto[] = []
  const actions = delegatedActions({
    wallets: () => wallets,
    call: async (target, _event, data) => (calls.push({ wallet: target, data }), { user }),
    revoke: async () => ({ message: 'Success', user }),
    replaceUser: async (dto) => (replaced.push(dto), {} as User),
  })
  return { actions, calls, replaced }
}

describe('delegateWallet', () => {
  it('asks the frame to delegate the wallet at its index in its share set, then stores the answered user', async () => {
    const { actions, calls, replaced } = setup([root, second, solana])
    await actions.delegateWallet({ address: second.address.toLowerCase(), chainType: 'ethereum' })
    await actions.delegateWallet({ address: solana.address, chainType: 'solana' })
    expect(calls.map((call) => call.data)).toEqual([
      { entropyId: root.address, entropyIdVerifier: 'ethereum-address-verifier', address: second.address, chainType: 'ethereum', hdWalletIndex: 1 },
      { entropyId: solana.address, entropyIdVerifier: 'solana-address-verifier', address: solana.address, chainType: 'solana', hdWalletIndex: 0 },
    ])
    expect(replaced).toEqual([user, user])
  })

  it('refuses an address that is not the user’s embedded wallet, or a chain other than ethereum and solana (wallet spec, "The error catalogue")', async () => {
    const { actions, calls } = setup([root])
    await expect(actions.delegateWallet({ address: solana.address, chainType: 'solana' })).rejects.toMatchObject({ shortMessage: DELEGATION_NOT_OWNED_MESSAGE })
    await expect(actions.delegateWallet({ address: root.address, chainType: 'bitcoin' as 'ethereum' })).rejects.toMatchObject({
      shortMessage: DELEGATION_NOT_OWNED_MESSAGE,
    })
    expect(calls).toEqual([])
  })

  it('refuses an HD wallet whose root wallet is unknown', async () => {
    const { actions } = setup([second])
    await expect(actions.delegateWallet({ address: second.address, chainType: 'ethereum' })).rejects.toMatchObject({ shortMessage: DELEGATION_NO_ROOT_MESSAGE })
  })

  it('delegates an imported wallet at index 0 of its own share set', async () => {
    const imported = wallet('0x0000000000000000000000000000000000000abc', { imported: true })
    const { actions, calls } = setup([root, imported])
    await actions.delegateWallet({ address: imported.address, chainType: 'ethereum' })
    expect(calls[0]!.data).toMatchObject({ entropyId: imported.address, hdWalletIndex: 0 })
  })
})

describe('revokeWallets', () => {
  it('stores the user the revoke answers', async () => {
    const { actions, replaced } = setup([root])
    await actions.revokeWallets()
    expect(replaced).toEqual([user])
  })
})
