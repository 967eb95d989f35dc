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
  it('uses a light foreground on a dark accent and a dark one on a light accent (3:1 threshold)', () => {
    expect(accentPalette('#1d4ed8')!.accentForeground).toBe('#ffffff')
    expect(accentPalette('#fde047')!.accentForeground).toBe('#111827')
    // #959595 has 2.99:1 against white (below 3) and #949494 just over 3:1.
    expect(contrastRatio(parseHex('#959595')!, parseHex('#fff')!)).toBeLessThan(3)
    expect(accentPalette('#959595')!.accentForeground).toBe('#111827')
    expect(accentPalette('#8a8a8a')!.accentForeground).toBe('#ffffff')
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
