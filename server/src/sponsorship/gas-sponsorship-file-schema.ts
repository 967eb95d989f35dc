import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { base58 } from '@scure/base'
import { z } from 'zod'
import { envName, httpUrl, optionalSecretOf, type SecretSources } from '../apps/file-schema-parts.js'
import type { EntryPointVersion, GasSponsorshipSettings } from './settings.js'
import { ANVIL_MNEMONIC } from '../keys/anvil-mnemonic.js'
import { isPublicDevSolanaSeed } from '../keys/dev-solana-seed.js'
import { isSolanaAddress, isSolanaSecretKey, SOLANA_SECRET_KEY_FORMAT } from './solana-fee-payer.js'

const chainId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address (0x and 40 hex digits)')
  .transform((value) => value.toLowerCase() as `0x${string}`)
const isPrivateKey = (value: string) => /^0x[0-9a-fA-F]{64}$/.test(value)

/** Each EntryPoint version's VerifyingPaymaster ({ "0.7": "0x…", "0.8": "0x…" }), at least one. */
const paymasters = z
  .strictObject({ '0.7': address.optional(), '0.8': address.optional() } satisfies Record<EntryPointVersion, unknown>, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys')
        return `keys must be EntryPoint versions "0.7" or "0.8", not ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
      if (issue.code === 'invalid_type') return 'must be an object of VerifyingPaymaster addresses keyed by EntryPoint version ("0.7", "0.8")'
      return undefined
    },
  })
  .refine((byVersion) => Object.keys(byVersion).length > 0, 'give at least one VerifyingPaymaster, keyed by its EntryPoint version ("0.7" or "0.8")')

const chainSchema = z.strictObject({
  chain_id: chainId,
  paymasters,
  bundler_url: httpUrl,
  simple_7702_account_address: address.optional(),
})

const wholeNumber = (unit: string) => z.string().regex(/^(0|[1-9][0-9]{0,77})$/, `must be a whole number of ${unit} as a decimal string`)

/** Solana's part: the app's fee-payer account pays its users' fees; its key is sealed apart (solana-fee-payer.ts). */
const solanaSchema = z
  .strictObject({
    clusters: z
      .array(z.enum(['mainnet-beta', 'devnet', 'testnet']))
      .min(1)
      .max(3),
    allowed_programs: z.union(
      [z.literal('any'), z.array(z.string().refine(isSolanaAddress, 'must be a base58 program id')).max(10_000)],
      'must be "any" or a list of program ids',
    ),
    daily_cap_per_user_lamports: wholeNumber('lamports'),
    fee_payer_key: z.string().refine(isSolanaSecretKey, SOLANA_SECRET_KEY_FORMAT).optional(),
    fee_payer_key_env: envName.optional(),
  })
  .refine((file) => file.fee_payer_key === undefined || file.fee_payer_key_env === undefined, 'give one of fee_payer_key or fee_payer_key_env')

/**
 * The `gas_sponsorship` section of an app in the config file (snake_case): EVM chains through paymasters, and Solana
 * through a fee payer. Signing keys are not kept in the app's settings: they are sealed in server_secrets
 * (paymaster-key.ts, solana-fee-payer.ts); absent, the stored key stays.
 */
export const gasSponsorshipFileSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    allowed_chain_ids: z.array(chainId).max(50).default([]),
    allowed_contracts: z.union([z.literal('any'), z.array(address).max(10_000)], 'must be "any" or a list of addresses').optional(),
    daily_cap_per_user_wei: wholeNumber('wei').optional(),
    chains: z
      .array(chainSchema)
      .max(50)
      .default([])
      .refine((chains) => new Set(chains.map((chain) => chain.chain_id)).size === chains.length, 'each chain may appear once'),
    paymaster_signing_key: z.string().refine(isPrivateKey, 'must be a private key (0x and 64 hex digits)').optional(),
    paymaster_signing_key_env: envName.optional(),
    solana: solanaSchema.optional(),
  })
  .refine(
    (file) => file.paymaster_signing_key === undefined || file.paymaster_signing_key_env === undefined,
    'give one of paymaster_signing_key or paymaster_signing_key_env',
  )
  .refine((file) => file.allowed_chain_ids.every((id) => file.chains.some((chain) => chain.chain_id === id)), 'each allowed chain id needs an entry in chains')
  .refine(
    (file) => file.allowed_chain_ids.length === 0 || (file.allowed_contracts !== undefined && file.daily_cap_per_user_wei !== undefined),
    'sponsored EVM chains need allowed_contracts and daily_cap_per_user_wei',
  )
  .refine((file) => file.allowed_chain_ids.length > 0 || file.solana !== undefined, 'sponsor at least one EVM chain (allowed_chain_ids) or Solana (solana)')

type GasSponsorshipFile = z.output<typeof gasSponsorshipFileSchema>

export function gasSponsorshipFromFile(file: GasSponsorshipFile): GasSponsorshipSettings {
  return {
    enabled: file.enabled,
    allowedChainIds: file.allowed_chain_ids,
    allowedContracts: file.allowed_contracts ?? [],
    dailyCapPerUserWei: file.daily_cap_per_user_wei ?? '0',
    chains: Object.fromEntries(
      file.chains.map((chain) => [
        String(chain.chain_id),
        {
          paymasters: chain.paymasters,
          bundlerUrl: chain.bundler_url,
          ...(chain.simple_7702_account_address && { simple7702AccountAddress: chain.simple_7702_account_address }),
        },
      ]),
    ),
    ...(file.solana && {
      solana: {
        clusters: file.solana.clusters,
        allowedPrograms: file.solana.allowed_programs,
        dailyCapPerUserLamports: file.solana.daily_cap_per_user_lamports,
      },
    }),
  }
}

/** The Solana fee payer's secret key the section gives (inline or from the environment), base58, or undefined; a public dev key only in dev mode. */
export function solanaFeePayerKeyFromFile(file: GasSponsorshipFile, sources: SecretSources, dev: boolean): string | undefined {
  if (!file.solana) return undefined
  const key = optionalSecretOf(file.solana.fee_payer_key, file.solana.fee_payer_key_env, sources)
  if (key === null) return undefined
  if (!isSolanaSecretKey(key))
    throw new Error(`environment variable ${file.solana.fee_payer_key_env} is not ${SOLANA_SECRET_KEY_FORMAT.replace('must be ', '')}`)
  if (!dev && isPublicDevSolanaSeed(base58.decode(key).subarray(0, 32))) {
    throw new Error(
      "gas_sponsorship.solana.fee_payer_key is a public development key (Tessera's dev seeds): anyone could spend from this fee payer; it is accepted only with --dev",
    )
  }
  return key
}

const PUBLIC_DEV_ACCOUNTS = 30

/** Whether `key` is one of the first anvil accounts' keys (every local stack's paymaster signer is one of them). */
function isPublicDevKey(key: `0x${string}`): boolean {
  const address = privateKeyToAddress(key)
  return Array.from({ length: PUBLIC_DEV_ACCOUNTS }, (_, index) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address).includes(address)
}

/** The paymaster signing key the section gives (inline or from the environment), or undefined; a public dev key only in dev mode. */
export function paymasterKeyFromFile(file: GasSponsorshipFile, sources: SecretSources, dev: boolean): `0x${string}` | undefined {
  const key = optionalSecretOf(file.paymaster_signing_key, file.paymaster_signing_key_env, sources)
  if (key === null) return undefined
  // An env value never passed the schema; the message names the variable, never the value.
  if (!isPrivateKey(key)) throw new Error(`environment variable ${file.paymaster_signing_key_env} is not a private key (0x and 64 hex digits)`)
  if (!dev && isPublicDevKey(key as `0x${string}`)) {
    throw new Error(
      "gas_sponsorship.paymaster_signing_key is a public development key (anvil's): anyone could sign for this paymaster; it is accepted only with --dev",
    )
  }
  return key as `0x${string}`
}
