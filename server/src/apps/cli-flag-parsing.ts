/**
 * What the `apps create` and `apps update` flags share: their parse options and value types, the usage error, and the
 * parsers of a flag's value. The general flags (`app-flags.ts`) and each login method's (`auth/<method>/cli-flags.ts`)
 * read their values with these.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/** A flag value the CLI refuses (exit code 2 with the usage). */
export class UsageError extends Error {}

/** A flag's parse option, as `node:util`'s `parseArgs` takes it. */
export type CliFlagOption = { readonly type: 'string' } | { readonly type: 'string'; readonly multiple: true } | { readonly type: 'boolean' }
export type CliFlagOptions = Readonly<Record<string, CliFlagOption>>

/** A flag's value; over the union of every option it is any flag's value, so a method's values are values in general. */
type CliFlagValue<Option> = Option extends { multiple: true } ? string[] : Option extends { type: 'boolean' } ? boolean : string
/** The values `parseArgs` gives for those options; an absent flag is absent. */
export type CliFlagValues<Options extends CliFlagOptions> = { [K in keyof Options]?: CliFlagValue<Options[K]> }

/** Where a flag's file path is read from and an environment variable's value found. */
export interface CliFlagContext {
  cwd: string
  env: NodeJS.ProcessEnv
}

export const textFlag = { type: 'string' } as const
export const listFlag = { type: 'string', multiple: true } as const
export const switchFlag = { type: 'boolean' } as const

export function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  throw new UsageError(`--${name} takes true or false`)
}

export function httpUrl(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--${name}: '${value}' is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--${name}: '${value}' is not an http(s) URL`)
  return value
}

/** `--<flag>` replaces the list; `--add-<flag>` appends to it (to the current list when `--<flag>` is absent), once each. */
export function listWithAdditions(replaced: string[] | undefined, added: string[] | undefined, current: string[]): string[] | undefined {
  if (!added) return replaced
  return [...new Set([...(replaced ?? current), ...added])]
}

/** A nullable URL setting: '' clears it. */
export const optionalUrl = (name: string, value: string | undefined) => (value === undefined ? undefined : value === '' ? null : httpUrl(name, value))
/** A nullable text setting: '' clears it. */
export const optionalText = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value)
/** The flag's value when given, else the current one. */
export const keep = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given)
export const commaList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)

export function readFlagFile(name: string, path: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, path), 'utf8')
  } catch (error) {
    throw new UsageError(`--${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}
