import { cssVariableName, tokenNames, type TokenKey } from '../../src/ui/theme/tokens.js'
import type { NamedDescription } from '../definition-format.js'

// Every theme token needs a line here: a new token without one fails the type check.
const tokenDescriptions: Record<TokenKey, string> = {
  accent: 'Accent colour (primary buttons, links)',
  accentForeground: 'Text on the accent colour',
  accentLight: 'Accent, lighter shade',
  accentLighter: 'Accent, lightest shade',
  accentDark: 'Accent, darker shade',
  accentDarkest: 'Accent, darkest shade',
  background: 'Background of the dialog or panel',
  backgroundMuted: 'Muted background (cards, inputs)',
  foreground: 'Text colour',
  foregroundMuted: 'Secondary text colour',
  border: 'Border colour',
  error: 'Error text and borders',
  success: 'Success text and icons',
  radius: 'Corner radius',
  fontFamily: 'Font family',
  fontSize: 'Base font size',
  overlay: 'The backdrop behind the modal',
  focusRing: 'Focus outline colour',
}

/** The `--tessera-*` custom properties every element reads (src/ui/theme), with their defaults on `:host`. */
export const themeCssProperties: readonly NamedDescription[] = (Object.keys(tokenNames) as TokenKey[]).map((key) => ({
  name: cssVariableName(tokenNames[key]),
  description: tokenDescriptions[key],
}))
