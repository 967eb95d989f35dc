import { describe, expect, it } from 'vitest'
import { accentPalette } from './accent-palette.js'
import { adjustLightness } from './colour/adjust-lightness.js'
import { contrastRatio } from './colour/contrast.js'
import { parseHex, toHex } from './colour/hex.js'
import { hslToRgb, rgbToHsl } from './colour/hsl.js'

describe('colour functions', () => {
  it('parses short and long hex and rejects junk', () => {
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 })
    expect(parseHex('#1A2b3C')).toEqual({ r: 26, g: 43, b: 60 })
    expect(parseHex('red')).toBeNull()
    expect(parseHex('#12345')).toBeNull()
  })

  it('round-trips through HSL', () => {
    for (const hex of ['#6a6ff5', '#ff0000', '#00ff80', '#123456', '#808080']) expect(toHex(hslToRgb(rgbToHsl(parseHex(hex)!)))).toBe(hex)
    expect(rgbToHsl(parseHex('#ff0000')!)).toEqual({ h: 0, s: 1, l: 0.5 })
  })

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio(parseHex('#000')!, parseHex('#fff')!)).toBeCloseTo(21, 5)
    expect(contrastRatio(parseHex('#777')!, parseHex('#777')!)).toBe(1)
    expect(contrastRatio(parseHex('#767676')!, parseHex('#fff')!)).toBeCloseTo(4.54, 2)
  })

  it('shifts HSL lightness and clamps', () => {
    expect(adjustLightness(parseHex('#ff0000')!, 0.15)).toBe('#ff4d4d')
    expect(adjustLightness(parseHex('#ff0000')!, -0.6)).toBe('#000000')
    expect(adjustLightness(parseHex('#808080')!, 1)).toBe('#ffffff')
  })
})

describe('accentPalette', () => {
  const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!)
  const accents = ['#4d53f3', '#8b8ff8', '#1d4ed8', '#fde047', '#ff0000', '#00ff80', '#959595', '#ffffff', '#000000', '#6a6ff5', '#e11d48', '#14b8a6']
  const surfaces = { light: ['#ffffff', '#f3f4f6'], dark: ['#1b1d22', '#2a2d34'] }

  it('gives accent text at least 4.5:1 on each surface of either theme, and text on the accent at least 4.5:1', () => {
    for (const accent of accents)
      for (const themeSurfaces of Object.values(surfaces)) {
        const palette = accentPalette(accent, themeSurfaces)!
        for (const surface of themeSurfaces) expect(ratio(palette.accent, surface), `${accent} on ${surface}`).toBeGreaterThanOrEqual(4.5)
        expect(ratio(palette.accentForeground, palette.accent), `text on ${accent}`).toBeGreaterThanOrEqual(4.5)
      }
  })

  it('keeps an accent that already reads at 4.5:1, and moves one that does not away from the surface (darker on light, lighter on dark)', () => {
    expect(accentPalette('#1d4ed8')!.accent).toBe('#1d4ed8')
    const lightness = (hex: string) => rgbToHsl(parseHex(hex)!).l
    const onLight = accentPalette('#fde047', surfaces.light)!.accent
    expect(lightness(onLight)).toBeLessThan(lightness('#fde047'))
    expect(rgbToHsl(parseHex(onLight)!).h).toBeCloseTo(rgbToHsl(parseHex('#fde047')!).h, 0)
    const onDark = accentPalette('#1d4ed8', surfaces.dark)!.accent
    expect(lightness(onDark)).toBeGreaterThan(lightness('#1d4ed8'))
  })

  it('picks white or the dark foreground, whichever reads better on the accent', () => {
    expect(accentPalette('#1d4ed8')!.accentForeground).toBe('#ffffff')
    expect(accentPalette('#fde047', surfaces.dark)!.accentForeground).toBe('#111827')
  })

  it('derives the lighten (+0.15, +0.3) and darken (-0.06, -0.6) variants in HSL lightness', () => {
    const palette = accentPalette('#3366cc')!
    const l = rgbToHsl(parseHex('#3366cc')!).l
    const lightness = (hex: string) => rgbToHsl(parseHex(hex)!).l
    expect(lightness(palette.accentLight)).toBeCloseTo(l + 0.15, 2)
    expect(lightness(palette.accentLighter)).toBeCloseTo(l + 0.3, 2)
    expect(lightness(palette.accentDark)).toBeCloseTo(l - 0.06, 2)
    expect(lightness(palette.accentDarkest)).toBeCloseTo(Math.max(0, l - 0.6), 2)
  })

  it('returns null for an unparsable colour', () => {
    expect(accentPalette('not-a-colour')).toBeNull()
  })
})
