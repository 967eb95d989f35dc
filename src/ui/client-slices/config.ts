import type { ConfigState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

/** The app's configuration as the client loaded it. */
export function useConfigState(client: TesseraClient): ConfigState {
  return useSlice(
    (onChange) => client.watchConfig(onChange),
    () => client.getConfig(),
  )
}
