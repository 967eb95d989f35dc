import { toHex, type Rgb } from './hex.js'
import { hslToRgb, rgbToHsl } from './hsl.js'

/** Shifts HSL lightness by `delta` (clamped to 0..1), keeping hue and saturation. */
export function adjustLightness(colour: Rgb, delta: number): string {
  const hsl = rgbToHsl(colour)
  return toHex(hslToRgb({ ...hsl, l: Math.min(1, Math.max(0, hsl.l + delta)) }))
}
