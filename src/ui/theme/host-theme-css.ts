import type { ThemeName } from '../../core/index.js'
import { declarations, themedAccentPalette, themes } from './tokens.js'

/** Each theme's selectors, as specific as the stylesheet's theme rules (contract.css.ts) and later in the cascade. */
const lightSelectors = ':host,:host([theme="light"]),:host([theme="auto"])'
const darkSelectors = ':host([theme="dark"])'
const autoDark = (css: string) => `@media (prefers-color-scheme: dark){:host([theme="auto"]){${css}}}`

/**
 * Per-element `:host` rules from the app config: the configured theme when no `theme` attribute is set, and the
 * accent palette derived for each theme (readable on its surfaces). `:host` rules lose to host-page styles, so the
 * page can still override.
 */
export function hostThemeCss(options: { configTheme: ThemeName; accentColor: string | null }): string {
  const rules: string[] = []
  if (options.configTheme === 'dark') rules.push(`:host(:not([theme])){${declarations(themes.dark)}}`)
  const light = options.accentColor ? themedAccentPalette(options.accentColor, 'light') : null
  const dark = options.accentColor ? themedAccentPalette(options.accentColor, 'dark') : null
  if (!light || !dark) return rules.join('\n')
  const configDark = options.configTheme === 'dark' ? ':host(:not([theme])),' : ''
  rules.push(`${lightSelectors}{${declarations(light)}}`)
  rules.push(`${configDark}${darkSelectors}{${declarations(dark)}}`)
  rules.push(autoDark(declarations(dark)))
  return rules.join('\n')
}
