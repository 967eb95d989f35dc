import type { ThemeName } from '../../core/index.js'
import { accentPalette } from './accent-palette.js'
import { declarations, themes } from './tokens.js'

/**
 * Per-element `:host` rules from the app config: the configured theme when no `theme` attribute is
 * set, and the accent palette. `:host` rules lose to host-page styles, so the page can still override.
 */
export function hostThemeCss(options: { configTheme: ThemeName; accentColor: string | null }): string {
  const rules: string[] = []
  if (options.configTheme === 'dark') rules.push(`:host(:not([theme])){${declarations(themes.dark)}}`)
  const palette = options.accentColor ? accentPalette(options.accentColor) : null
  // Selectors as specific as the theme rules (and later in the cascade) so the accent survives a theme switch.
  if (palette) rules.push(`:host,:host([theme]),:host(:not([theme])){${declarations(palette)}}`)
  return rules.join('\n')
}
