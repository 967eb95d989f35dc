/**
 * A login method's own fields of the effective config: its `config.ts` adds them to `EffectiveConfig` (interface
 * merging, so config/ never imports the methods) and reads them here; `login-methods.ts` gathers every method's.
 * Also the landing's entries a method adds from the server config.
 */
import type { AppConfigDto } from '../../protocol/index.js'
import type { LoginMethod } from '../config/types.js'

export interface LoginMethodConfig<Fields> {
  /** Used until the server config loads, and kept if it fails. */
  defaults(): Fields
  fromDto(dto: AppConfigDto): Fields
}

/** The landing's entries a module adds, those the server config enables, in display order. */
export type LandingMethods = (dto: AppConfigDto) => LoginMethod[]

/** Landing entries each enabled by the server flag(s) its function reads, in the order given. */
export const landingFlags =
  <Name extends LoginMethod>(flags: Record<Name, (dto: AppConfigDto) => boolean>): LandingMethods =>
  (dto) =>
    (Object.entries(flags) as [Name, (dto: AppConfigDto) => boolean][]).filter(([, enabled]) => enabled(dto) === true).map(([method]) => method)
