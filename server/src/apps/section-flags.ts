/**
 * Flags that carry a whole config-file section as JSON (`--funding-json`, `--embedded-wallets-json`,
 * `--smart-wallets-json`): each is read with the config file's own schema and conversion, so the CLI and the file
 * accept the same settings.
 */
import type { z } from 'zod'
import { fundingFileSchema, fundingFromFile } from '../funding/funding-file-schema.js'
import { smartWalletsFileSchema, smartWalletsFromFile } from '../smart-wallets/smart-wallets-file-schema.js'
import { UsageError } from './cli-flag-parsing.js'
import { embeddedWalletsFileSchema, embeddedWalletsFromFile } from './app-file-schema.js'
import type { AppInput } from './types.js'

export const sectionFlagsUsage = `  --funding-json '<json>'       the funding section as in the config file ({"methods": [...], "default_recommended_currency": ...,
                                "coinbase_onramp": {...}, "moonpay": {...}, "bridge": {...}}); 'null' turns funding off.
                                Give provider secrets as *_env (environment variable names), not on the command line
  --embedded-wallets-json '<json>'  the embedded_wallets section ({"mode": "user-controlled-server-wallets-only",
                                "ethereum_create_on_login": "all-users", "session_signers": [...], ...}); absent keys take their defaults
  --smart-wallets-json '<json>' the smart_wallets section ({"type": "safe", "networks": [{"chain_id", "bundler_url", "paymaster_url"}]});
                                'null' turns smart wallets off
  Each replaces its section whole. Gas sponsorship (its paymaster and fee payer keys) is set in the config file only.`

export const sectionFlagOptions = {
  'funding-json': { type: 'string' },
  'embedded-wallets-json': { type: 'string' },
  'smart-wallets-json': { type: 'string' },
} as const

export type SectionFlagValues = { [K in keyof typeof sectionFlagOptions]?: string }

/** One section flag's settings, or undefined when the flag is absent; bad JSON or a setting the schema refuses is a usage error. */
function sectionFromFlag<Schema extends z.ZodType, Out>(
  flag: string,
  value: string | undefined,
  schema: Schema,
  convert: (section: z.output<Schema>) => Out,
): Out | undefined {
  if (value === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new UsageError(`--${flag} is not valid JSON`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new UsageError(`--${flag}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  try {
    return convert(parsed.data)
  } catch (error) {
    throw new UsageError(`--${flag}: ${(error as Error).message}`)
  }
}

const orNull =
  <In, Out>(convert: (value: In) => Out) =>
  (value: In | null): Out | null =>
    value === null ? null : convert(value)

/** The sections the flags name, with `*_env` secrets read from `env` now. */
export function sectionInputsFromFlags(
  values: SectionFlagValues,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Pick<AppInput, 'funding' | 'embeddedWallets' | 'smartWallets'> {
  return {
    funding: sectionFromFlag(
      'funding-json',
      values['funding-json'],
      fundingFileSchema.nullable(),
      orNull((file) => fundingFromFile(file, { env, baseDir: cwd })),
    ),
    embeddedWallets: sectionFromFlag('embedded-wallets-json', values['embedded-wallets-json'], embeddedWalletsFileSchema, embeddedWalletsFromFile),
    smartWallets: sectionFromFlag('smart-wallets-json', values['smart-wallets-json'], smartWalletsFileSchema.nullable(), orNull(smartWalletsFromFile)),
  }
}
