import { useEffect } from 'react'
import type { TesseraClient } from '../../src/core/index.js'
import { hostThemeCss, useConfigState } from '../../src/ui/index.js'

/** Keeps an element's per-instance sheet (config theme and accent) in step with the client config. */
export function InstanceTheme({ client, sheet }: { client: TesseraClient; sheet: CSSStyleSheet }) {
  const { config } = useConfigState(client)
  const css = hostThemeCss({ configTheme: config.appearance.theme, accentColor: config.appearance.accentColor })
  useEffect(() => sheet.replaceSync(css), [sheet, css])
  return null
}
