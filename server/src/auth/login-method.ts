/**
 * The shape of a login method's server module (`auth/<method>/module.ts`): how its routes mount, its fields of an
 * app's settings file, its CLI flags, its part of the app config and of `apps show`, and how its linked accounts carry their key on the wire. `login-methods.ts` lists them all;
 * the app (`app.ts`), the settings file schema (`apps/app-file-schema.ts`) and the CLI flags (`apps/app-flags.ts`) loop over that list, and the user DTO
 * gets the wires through the server context (`server.ts`), as the modules' routes import the user DTO.
 */
import type { Hono } from 'hono'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import type { z } from 'zod'
import type { CliFlagContext, CliFlagOptions, CliFlagValues } from '../apps/cli-flag-parsing.js'
import type { SecretSources } from '../apps/file-schema-parts.js'
import type { AppInput, AppRecord, LoginMethod } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import type { LinkedAccountWire } from './linked-account-wire.js'

/** Registers routes on the app, each at its protocol route's own path (`http/mount.ts`). */
export type LoginMethodMount = (app: Hono<AppEnv>, ctx: ServerContext) => void

/** A method's fields of an app's settings file (snake_case) and their app-record form. */
export interface LoginMethodSettings<Shape extends z.ZodRawShape> {
  file: Shape
  /** An absent field maps to undefined: the stored setting stays. */
  fromFile(file: z.output<z.ZodObject<Shape>>, sources: SecretSources): AppInput
}

/** A method's flags of `apps create` and `apps update` (`apps/app-flags.ts` adds them to the general ones). */
export interface LoginMethodCliFlags<Options extends CliFlagOptions> {
  /** Its lines of the flags' usage text, each indented by two spaces. */
  usage: string
  options: Options
  /** Its on/off flags: `--flag` alone means true, `--flag=false` turns it off. */
  booleans?: readonly string[]
  /** The settings the given flags change, merged over `current` where a setting has parts; an absent flag maps to undefined. */
  toInput(values: CliFlagValues<Options>, current: AppRecord, context: CliFlagContext): AppInput
}

export interface LoginMethodModule<
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Flags extends CliFlagOptions = CliFlagOptions,
  Names extends LoginMethod = LoginMethod,
> {
  /** The method's folder under `server/src/auth/`. */
  name: string
  /** The names it adds to what an app's `login_methods` (`--login-methods`) can hold: its `LoginMethodNames` entry. */
  loginMethods: readonly Names[]
  /** Mounted after `requireApp`: the routes read the app the `privy-app-id` header named. */
  mounts: readonly LoginMethodMount[]
  /** Mounted before `requireApp`, so without an app: requests that carry no app header (a provider's callback, a relay, a script). */
  mountsBeforeAppCheck?: readonly LoginMethodMount[]
  settings?: LoginMethodSettings<Shape>
  cliFlags?: LoginMethodCliFlags<Flags>
  /** How its linked accounts carry their key on the wire, when not as `address` (email and wallets do). */
  linkedAccounts?: LinkedAccountWire
  /** Its switches and public settings in the app config (`apps/app-config-dto.ts`); never a secret. */
  appConfig?(app: AppRecord): Partial<AppConfigDto>
  /** Its settings with their secrets masked, for `apps show` (`apps/redact-secrets.ts`). */
  redactSecrets?(app: AppRecord): Partial<AppRecord>
}

/** Types a module's definition, keeping its settings' field types, its flags' options and its names (the identity at run time). */
export const defineLoginMethod = <
  Shape extends z.ZodRawShape = Record<never, never>,
  Flags extends CliFlagOptions = Record<never, never>,
  const Names extends LoginMethod = never,
>(
  method: LoginMethodModule<Shape, Flags, Names>,
): LoginMethodModule<Shape, Flags, Names> => method
