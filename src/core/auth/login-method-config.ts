/**
 * A login method's own fields of the effective config: its `config.ts` adds them to `EffectiveConfig` (interface
 * merging, so config/ never imports the methods) and reads them here; `login-methods.ts` gathers every method's.
 */
import type { AppConfigDto } from '../../protocol/index.js'

export interface LoginMethodConfig<Fields> {
  /** Used until the server config loads, and kept if it fails. */
  defaults(): Fields
  fromDto(dto: AppConfigDto): Fields
}
