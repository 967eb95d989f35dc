import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { parseEther } from 'viem'
import type { AppFile } from '../../server/src/apps/app-file-schema.js'
import { paymasterRoute } from '../../src/protocol/routes/paymaster.js'
import { DEV_PAYMASTER_SIGNER_KEY, type LocalAccountAbstraction } from './aa-stack.js'
import { devSolanaFeePayer, solanaSecretKeyBase58 } from './local-chains.js'

type GasSponsorshipFile = NonNullable<AppFile['gas_sponsorship']>

/**
 * The dev app's gas sponsorship on the first anvil (npm start, e2e with `aa`): a VerifyingPaymaster on each EntryPoint
 * (0.7 for its Safe smart wallets, 0.8 for server-managed wallets' EIP-7702 sends), both signed for by the public dev
 * key (accepted in dev mode only), any contract, and a cap no demo reaches; on the local Solana cluster ('devnet') the
 * dev fee payer pays server-managed wallets' sponsored fees, any program, up to 1 SOL a day per user.
 */
export function devGasSponsorshipFile(chainId: number, aa: LocalAccountAbstraction): GasSponsorshipFile {
  return {
    allowed_chain_ids: [chainId],
    allowed_contracts: 'any',
    daily_cap_per_user_wei: parseEther('10').toString(),
    chains: [
      {
        chain_id: chainId,
        paymasters: { '0.7': aa.addresses.verifyingPaymaster07, '0.8': aa.addresses.verifyingPaymaster08 },
        bundler_url: aa.bundlerUrl,
        simple_7702_account_address: aa.addresses.simple7702Account,
      },
    ],
    paymaster_signing_key: DEV_PAYMASTER_SIGNER_KEY,
    solana: {
      clusters: ['devnet'],
      allowed_programs: 'any',
      daily_cap_per_user_lamports: String(LAMPORTS_PER_SOL),
      fee_payer_key: solanaSecretKeyBase58(devSolanaFeePayer()),
    },
  }
}

/** The app's own ERC-7677 endpoint on the API at `apiUrl`: its smart wallets' paymaster (the client sends it the user's token). */
export const devPaymasterUrl = (apiUrl: string, appId: string): string => `${apiUrl}${paymasterRoute.path.replace(':app_id', encodeURIComponent(appId))}`

/** The policy of `sponsoredServerWalletsDevApp`: a small daily cap, and the one contract sponsored calls may go to. */
export interface SponsorshipTestPolicy {
  /** Per user and UTC day, decimal wei; by default 0.05 ether (the reserve of a few sends on anvil). */
  dailyCapPerUserWei?: string
  /** By default the first anvil's test USDC (the dev app's `usdc_address`): any other target is a policy violation. */
  allowedContracts?: `0x${string}`[]
}

/**
 * A `devApp` change for `startE2eStack({ aa: true, devApp })`: the dev app (DEV_APP_ID) with server-managed wallets
 * on both chains at sign-in and its sponsorship narrowed so a scenario can break the policy.
 */
export const sponsoredServerWalletsDevApp =
  (policy: SponsorshipTestPolicy = {}) =>
  (app: AppFile): AppFile => {
    if (!app.gas_sponsorship) throw new Error('the dev app is sponsored only when the stack runs its ERC-4337 stack: startE2eStack({ aa: true })')
    const usdc = app.chains?.[0]?.usdc_address
    const allowedContracts = policy.allowedContracts ?? (usdc ? [usdc as `0x${string}`] : [])
    return {
      ...app,
      embedded_wallets: {
        ...app.embedded_wallets,
        mode: 'user-controlled-server-wallets-only',
        ethereum_create_on_login: 'all-users',
        solana_create_on_login: 'all-users',
      },
      gas_sponsorship: {
        ...app.gas_sponsorship,
        daily_cap_per_user_wei: policy.dailyCapPerUserWei ?? parseEther('0.05').toString(),
        allowed_contracts: allowedContracts,
      },
    }
  }
