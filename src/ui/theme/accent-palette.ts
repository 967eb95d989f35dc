import { adjustLightness } from './colour/adjust-lightness.js'
import { contrastRatio, relativeLuminance } from './colour/contrast.js'
import { parseHex, toHex, type Rgb } from './colour/hex.js'

/** WCAG 2.1 AA (1.4.3): normal text needs 4.5:1 against what is behind it (large text and UI boundaries 3:1). */
export const TEXT_CONTRAST = 4.5
const lightForeground = '#ffffff'
const darkForeground = '#111827'
/** The lightness step while moving an accent away from its theme's surfaces. */
const LIGHTNESS_STEP = 0.01

export interface AccentPalette {
  accent: string
  accentForeground: string
  accentLight: string
  accentLighter: string
  accentDark: string
  accentDarkest: string
}

/** The lowest contrast `colour` has against any of `surfaces`. */
const worstContrast = (colour: Rgb, surfaces: Rgb[]) => Math.min(...surfaces.map((surface) => contrastRatio(colour, surface)))

/**
 * The accent as text on the theme's surfaces (links): darkened on a light theme, lightened on a dark one, in HSL
 * lightness steps, until it reads at 4.5:1 on all of them; an accent that already does is kept as it is.
 */
function readableOn(colour: Rgb, surfaces: Rgb[]): Rgb {
  const darkSurfaces = surfaces.every((surface) => relativeLuminance(surface) < 0.18)
  let candidate = colour
  for (let step = 1; worstContrast(candidate, surfaces) < TEXT_CONTRAST && step <= 100; step++)
    candidate = parseHex(adjustLightness(colour, (darkSurfaces ? 1 : -1) * step * LIGHTNESS_STEP))!
  return candidate
}

/** White or the dark foreground, whichever reads better on `background`. */
function foregroundOn(background: Rgb): string {
  const light = contrastRatio(background, parseHex(lightForeground)!)
  return light >= contrastRatio(background, parseHex(darkForeground)!) ? lightForeground : darkForeground
}

/**
 * The accent variants derived from one configured colour for a theme whose surfaces (background, muted background)
 * are `surfaces` (default white): the accent reads at 4.5:1 on them and its foreground at 4.5:1 on it where any
 * colour pair allows (white or the dark foreground, whichever is higher). Null when the colour does not parse.
 */
export function accentPalette(accentColor: string, surfaces: string[] = ['#ffffff']): AccentPalette | null {
  const configured = parseHex(accentColor)
  if (!configured) return null
  const rgb = readableOn(
    configured,
    surfaces.map((surface) => parseHex(surface)!),
  )
  return {
    accent: toHex(rgb),
    accentForeground: foregroundOn(rgb),
    accentLight: adjustLightness(rgb, 0.15),
    accentLighter: adjustLightness(rgb, 0.3),
    accentDark: adjustLightness(rgb, -0.06),
    accentDarkest: adjustLightness(rgb, -0.6),
  }
}
