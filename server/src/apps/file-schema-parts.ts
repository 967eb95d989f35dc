import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'

/** The building blocks of the snake_case settings schemas (the config file's apps and the CLI's JSON options). */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2000)
export const text = (max = 500) => z.string().min(1).max(max)
export const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')

/** Where `*_env` and `*_file` values are looked up. */
export interface SecretSources {
  env: NodeJS.ProcessEnv
  baseDir: string
}

export function fromEnv(sources: SecretSources, name: string): string {
  const value = sources.env[name]
  if (!value) throw new Error(`environment variable ${name} is not set`)
  return value
}

export const fromFile = (sources: SecretSources, path: string) => readFileSync(resolve(sources.baseDir, path), 'utf8')

/** A secret given inline as `<name>` or through the environment as `<name>_env`: exactly one of them. */
export const givesOneOf = (value: unknown, envVariable: unknown) => (value === undefined) !== (envVariable === undefined)

/** The secret a `<name>` / `<name>_env` pair declares (the schema made sure one is there). */
export const secretOf = (value: string | undefined, envVariable: string | undefined, sources: SecretSources) => value ?? fromEnv(sources, envVariable!)

/** An optional secret's `<name>` / `<name>_env` pair: null when neither is given. */
export const optionalSecretOf = (value: string | undefined, envVariable: string | undefined, sources: SecretSources) =>
  value ?? (envVariable === undefined ? null : fromEnv(sources, envVariable))

/** A nullable setting's app-record form: absent stays absent, null stays null. */
export const optional = <In, Out>(value: In | null | undefined, convert: (value: In) => Out): Out | null | undefined =>
  value === undefined ? undefined : value === null ? null : convert(value)
