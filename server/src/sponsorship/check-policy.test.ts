import { describe, expect, it } from 'vitest'
import type { AppRecord } from '../apps/types.js'
import { checkSponsorshipPolicy, requireGasSponsorship } from './check-policy.js'
import type { GasSponsorshipSettings } from './settings.js'

const allowedContract = '0x1111111111111111111111111111111111111111'
const otherContract = '0x2222222222222222222222222222222222222222'
const chain = { paymasters: { '0.8': '0x3333333333333333333333333333333333333333' }, bundlerUrl: 'http://127.0.0.1:4337' } as const
const settings: GasSponsorshipSettings = {
  enabled: true,
  allowedChainIds: [31337],
  allowedContracts: [allowedContract],
  dailyCapPerUserWei: '1000000000000000',
  chains: { 31337: chain, 1: chain },
}
const call = (to: string) => ({ to: to as `0x${string}`, value: 0n, data: '0x' as const })

describe('checkSponsorshipPolicy', () => {
  it("answers the chain's paymaster settings for allowed calls on an allowed chain (checksummed addresses too)", () => {
    expect(
      checkSponsorshipPolicy(settings, {
        chainId: 31337,
        calls: [call(allowedContract), call('0x1111111111111111111111111111111111111111'.toUpperCase().replace('0X', '0x'))],
      }),
    ).toEqual(chain)
  })

  it('refuses a chain not allowed, even one with a paymaster, naming the chain', () => {
    expect(() => checkSponsorshipPolicy(settings, { chainId: 1, calls: [call(allowedContract)] })).toThrow(
      expect.objectContaining({ status: 403, code: 'policy_violation', message: 'Sponsorship policy: chain 1 is not sponsored by this app' }),
    )
  })

  it('refuses an allowed chain without paymaster settings', () => {
    expect(() => checkSponsorshipPolicy({ ...settings, allowedChainIds: [31337, 10] }, { chainId: 10, calls: [] })).toThrow(/chain 10 is not sponsored/)
  })

  it('refuses a batch with one call to a contract not allowed, naming that contract', () => {
    expect(() => checkSponsorshipPolicy(settings, { chainId: 31337, calls: [call(allowedContract), call(otherContract)] })).toThrow(
      expect.objectContaining({ code: 'policy_violation', message: `Sponsorship policy: calls to ${otherContract} are not sponsored by this app` }),
    )
  })

  it('refuses calls it cannot read when only some contracts are allowed; allows them with "any"', () => {
    expect(() => checkSponsorshipPolicy(settings, { chainId: 31337, calls: null })).toThrow(/could not be read/)
    expect(checkSponsorshipPolicy({ ...settings, allowedContracts: 'any' }, { chainId: 31337, calls: null })).toEqual(chain)
  })
})

describe('requireGasSponsorship', () => {
  it('refuses an app without sponsorship, or with it switched off, with feature_not_enabled', () => {
    expect(() => requireGasSponsorship({ gasSponsorship: null } as AppRecord)).toThrow(expect.objectContaining({ status: 403, code: 'feature_not_enabled' }))
    expect(() => requireGasSponsorship({ gasSponsorship: { ...settings, enabled: false } } as AppRecord)).toThrow(
      expect.objectContaining({ code: 'feature_not_enabled' }),
    )
    expect(requireGasSponsorship({ gasSponsorship: settings } as AppRecord)).toBe(settings)
  })
})
