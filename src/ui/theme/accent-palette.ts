import { adjustLightness } from './colour/adjust-lightness.js'
import { contrastRatio } from './colour/contrast.js'
import { parseHex, toHex } from './colour/hex.js'

/** Document 1 §9: contrast threshold 3:1, lighten +0.15/+0.3, darken -0.06/-0.6 (HSL lightness). */
export const ACCENT_CONTRAST_THRESHOLD = 3
const lightForeground = '#ffffff'
const darkForeground = '#111827'

export interface AccentPalette {
  accent: string
  accentForeground: string
  accentLight: string
  accentLighter: string
  accentDark: string
  accentDarkest: string
}

/** The accent variants derived from one configured colour; null when the colour does not parse. */
export function accentPalette(accentColor: string): AccentPalette | null {
  const rgb = parseHex(accentColor)
  if (!rgb) return null
  const onAccentIsLight = contrastRatio(rgb, parseHex(lightForeground)!) >= ACCENT_CONTRAST_THRESHOLD
  return {
    accent: toHex(rgb),
    accentForeground: onAccentIsLight ? lightForeground : darkForeground,
    accentLight: adjustLightness(rgb, 0.15),
    accentLighter: adjustLightness(rgb, 0.3),
    accentDark: adjustLightness(rgb, -0.06),
    accentDarkest: adjustLightness(rgb, -0.6),
  }
}
