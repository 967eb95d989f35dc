import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FundingOutcome, FundWalletInput } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useFundWallet, useSolanaFundingPlugin, useSolanaLedgerPlugin, useStandardFundWallet } from './index.js'

let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble('tessera-test-app-00000177')
})
afterEach(() => double.destroy())

describe('useFundWallet and useStandardFundWallet (tessera/react/solana)', () => {
  it("open the client's funding flow for the Solana wallet, and report how it ended", async () => {
    const asked: FundWalletInput[] = []
    const exited: unknown[] = []
    const address = 'So1anaTestWa11et001111111111111111111111111'
    double.client.funding.fundWallet = async (input: FundWalletInput) => {
      asked.push(input)
      return { status: 'exited', address: input.address, chainType: 'solana', fundingMethod: null, balance: null } as FundingOutcome
    }
    const hooks = {} as { fund: ReturnType<typeof useFundWallet>; standard: ReturnType<typeof useStandardFundWallet> }
    function Probe() {
      // The plugins are kept for code written for the reference: Solana funding needs none.
      useSolanaFundingPlugin()
      useSolanaLedgerPlugin()
      hooks.fund = useFundWallet({ onUserExited: (detail) => exited.push(detail) })
      hooks.standard = useStandardFundWallet()
      return null
    }
    double.render(<Probe />)
    expect(await hooks.fund.fundWallet(address, { cluster: { name: 'devnet' } })).toMatchObject({ status: 'exited', chainType: 'solana' })
    await hooks.standard.fundWallet({ address, options: { asset: 'USDC' } })
    expect(asked).toEqual([
      { cluster: { name: 'devnet' }, chainType: 'solana', address },
      { asset: 'USDC', chainType: 'solana', address },
    ])
    expect(exited).toEqual([{ address, fundingMethod: null, balance: null }])
  })
})
