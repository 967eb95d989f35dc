import { describe, expect, it } from 'vitest'
import {
  authorizationPayload,
  canonicalAuthorizationRequest,
  type AuthorizationRequest,
  type ServerWallet,
  type UpdateServerWalletBody,
} from '../../../protocol/index.js'
import type { User } from '../../user/types.js'
import { addSessionSigners, removeSessionSigners, type SessionSignersDeps } from './session-signers.js'
import type { EmbeddedWallet } from './types.js'

const appId = 'session-signers-app-00001'
const now = 1_800_000_000_000
const user = { id: 'did:privy:owner' } as User
const wallet = (overrides: Partial<EmbeddedWallet>): EmbeddedWallet => ({
  address: '0x00000000000000000000000000000000000000aa',
  chainType: 'ethereum',
  walletIndex: 0,
  recoveryMethod: 'privy',
  imported: false,
  delegated: false,
  entropyId: '0x00000000000000000000000000000000000000aa',
  entropyIdVerifier: 'ethereum-address-verifier',
  walletClientType: 'privy',
  connectorType: 'embedded',
  ...overrides,
})
const serverWallet = wallet({ address: '0x00000000000000000000000000000000000000Bb', id: 'wallet-1', recoveryMethod: 'privy-v2' })
const onDevice = wallet({})

function depsWith(wallets: EmbeddedWallet[], current: ServerWallet['additional_signers'] = []) {
  const calls: {
    update?: { walletId: string; body: UpdateServerWalletBody; authorization: Record<string, string> }
    signed?: AuthorizationRequest
    delegated?: unknown
    revoked?: boolean
  } = {}
  const deps: SessionSignersDeps = {
    appId,
    wallets: () => wallets,
    now: () => now,
    getWallet: async () => ({ additional_signers: current }) as ServerWallet,
    updateUrl: (walletId) => `https://api.example/api/v1/wallets/${walletId}`,
    updateWallet: async (walletId, body, authorization) => {
      calls.update = { walletId, body, authorization }
      return {} as ServerWallet
    },
    sign: async (request) => {
      calls.signed = request
      return { signature: 'c2lnbmF0dXJl' }
    },
    delegate: async (input) => void (calls.delegated = input),
    revoke: async () => void (calls.revoked = true),
    refreshUser: async () => user,
  }
  return { deps, calls }
}

describe('addSessionSigners', () => {
  it("appends to a server-managed wallet's signers with a PATCH signed over exactly what the server verifies", async () => {
    const { deps, calls } = depsWith([serverWallet], [{ signer_id: 'existing' }])
    const answer = await addSessionSigners(deps, {
      address: serverWallet.address.toLowerCase(),
      signers: [{ signerId: 'backend1' }, { signerId: 'backend2', policyIds: [] }],
    })
    expect(answer).toEqual({ user })
    const body = { additional_signers: [{ signer_id: 'existing' }, { signer_id: 'backend1' }, { signer_id: 'backend2', override_policy_ids: [] }] }
    expect(calls.update).toEqual({
      walletId: 'wallet-1',
      body,
      authorization: { 'privy-authorization-signature': 'c2lnbmF0dXJl', 'privy-request-expiry': String(now + 300_000) },
    })
    const expected = authorizationPayload({ method: 'PATCH', url: 'https://api.example/api/v1/wallets/wallet-1', body, appId, expiresAt: now + 300_000 })
    expect(canonicalAuthorizationRequest(calls.signed!)).toBe(expected)
  })

  it('refuses an empty list for a server-managed wallet, and signers for an on-device one, which is delegated instead', async () => {
    const { deps, calls } = depsWith([serverWallet, onDevice])
    await expect(addSessionSigners(deps, { address: serverWallet.address, signers: [] })).rejects.toMatchObject({
      code: 'invalid_data',
      shortMessage: 'Must specify at least one signer to add.',
    })
    await expect(addSessionSigners(deps, { address: onDevice.address, signers: [{ signerId: 'backend1' }] })).rejects.toMatchObject({ code: 'invalid_data' })
    expect(calls.update).toBeUndefined()
    expect(await addSessionSigners(deps, { address: onDevice.address, signers: [] })).toEqual({ user })
    expect(calls.delegated).toEqual({ address: onDevice.address, chainType: 'ethereum' })
  })

  it("leaves an on-device wallet already delegated as it is, and refuses an address that is not the user's", async () => {
    const { deps, calls } = depsWith([wallet({ delegated: true })])
    await addSessionSigners(deps, { address: onDevice.address, signers: [] })
    expect(calls.delegated).toBeUndefined()
    await expect(addSessionSigners(deps, { address: '0x00000000000000000000000000000000000000cc', signers: [] })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    })
  })
})

describe('removeSessionSigners', () => {
  it("empties a server-managed wallet's signers, and revokes for an on-device wallet", async () => {
    const { deps, calls } = depsWith([serverWallet, onDevice], [{ signer_id: 'backend1' }])
    await removeSessionSigners(deps, { address: serverWallet.address })
    expect(calls.update?.body).toEqual({ additional_signers: [] })
    expect(calls.revoked).toBeUndefined()
    await removeSessionSigners(deps, { address: onDevice.address })
    expect(calls.revoked).toBe(true)
  })
})
