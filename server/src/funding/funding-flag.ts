import { UsageError } from '../apps/app-flags.js'
import type { FundingSettings } from '../apps/types.js'
import { fundingFileSchema, fundingFromFile } from './funding-file-schema.js'

export const fundingFlagUsage = `  --funding-json '<json>'       the funding section as in the config file ({"methods": [...], "default_recommended_currency": ...,
                                "coinbase_onramp": {...}, "moonpay": {...}, "bridge": {...}}); replaces it whole; 'null' turns funding off.
                                Give provider secrets as *_env (environment variable names), not on the command line`

/** `--funding-json`: the whole funding section, with `*_env` secrets read from the environment now; undefined when not given. */
export function fundingFromFlag(value: string | undefined, env: NodeJS.ProcessEnv, cwd: string): FundingSettings | null | undefined {
  if (value === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new UsageError('--funding-json is not valid JSON')
  }
  const parsed = fundingFileSchema.nullable().safeParse(json)
  if (!parsed.success) throw new UsageError(`--funding-json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  if (parsed.data === null) return null
  try {
    return fundingFromFile(parsed.data, { env, baseDir: cwd })
  } catch (error) {
    throw new UsageError(`--funding-json: ${(error as Error).message}`)
  }
}
