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

  it('keeps the configured accent under both the config dark theme and a theme attribute', () => {
    const css = hostThemeCss({ configTheme: 'dark', accentColor: '#1d4ed8' })
    const accentRule = css.split('\n').find((rule) => rule.includes('--tessera-accent:#1d4ed8'))!
    expect(css.indexOf(accentRule)).toBeGreaterThan(css.indexOf(':host(:not([theme])){'))
    expect(accentRule.split('{')[0]!.split(',')).toEqual([':host', ':host([theme])', ':host(:not([theme]))'])
  })

  it('writes the accent palette as public custom properties', () => {
    const css = hostThemeCss({ configTheme: 'light', accentColor: '#fde047' })
    expect(css).toContain('--tessera-accent:#fde047;')
    expect(css).toContain('--tessera-accent-foreground:#111827;')
    expect(hostThemeCss({ configTheme: 'light', accentColor: 'bogus' })).toBe('')
  })
})
