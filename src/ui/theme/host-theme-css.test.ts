import { describe, expect, it } from 'vitest'
import { hostThemeCss } from './host-theme-css.js'

describe('hostThemeCss', () => {
  it('emits nothing for the light default without an accent', () => {
    expect(hostThemeCss({ configTheme: 'light', accentColor: null })).toBe('')
  })

  it('applies the config dark theme only when the element has no theme attribute', () => {
    const css = hostThemeCss({ configTheme: 'dark', accentColor: null })
    expect(css).toContain(':host(:not([theme])){')
    expect(css).toContain('--tessera-background:#1b1d22;')
  })

  it('keeps the configured accent under the config dark theme and each theme attribute, derived per theme', () => {
    const css = hostThemeCss({ configTheme: 'dark', accentColor: '#1d4ed8' })
    const rules = css.split('\n')
    // Readable as is on white; lightened on the dark surfaces.
    const lightRule = rules.find((rule) => rule.includes('--tessera-accent:#1d4ed8'))!
    expect(lightRule.split('{')[0]!.split(',')).toEqual([':host', ':host([theme="light"])', ':host([theme="auto"])'])
    const darkRule = rules.find((rule) => rule.startsWith(':host(:not([theme])),:host([theme="dark"]){') && rule.includes('--tessera-accent:'))!
    expect(darkRule).not.toContain('--tessera-accent:#1d4ed8')
    expect(css.indexOf(darkRule)).toBeGreaterThan(css.indexOf(':host(:not([theme])){'))
  })

  it("follows prefers-color-scheme under theme='auto'", () => {
    const css = hostThemeCss({ configTheme: 'light', accentColor: '#1d4ed8' })
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\{:host\(\[theme="auto"\]\)\{--tessera-accent:#[0-9a-f]{6};/)
  })

  it('writes the accent palette as public custom properties, darkened where the configured one is unreadable', () => {
    const css = hostThemeCss({ configTheme: 'light', accentColor: '#fde047' })
    const lightRule = css.split('\n').find((rule) => rule.startsWith(':host,'))!
    expect(lightRule).not.toContain('--tessera-accent:#fde047;')
    expect(lightRule).toContain('--tessera-accent-foreground:#ffffff;')
    expect(css).toContain('--tessera-accent:#fde047;')
    expect(hostThemeCss({ configTheme: 'light', accentColor: 'bogus' })).toBe('')
  })
})
