import type { ThemeName } from '../../core/index.js'
import { accentPalette } from './accent-palette.js'

/** Public theme tokens: each becomes the CSS custom property `--tessera-<name>` (public API). */
export const tokenNames = {
  accent: 'accent',
  accentForeground: 'accent-foreground',
  accentLight: 'accent-light',
  accentLighter: 'accent-lighter',
  accentDark: 'accent-dark',
  accentDarkest: 'accent-darkest',
  background: 'background',
  backgroundMuted: 'background-muted',
  foreground: 'foreground',
  foregroundMuted: 'foreground-muted',
  border: 'border',
  error: 'error',
  success: 'success',
  radius: 'radius',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  overlay: 'overlay',
  focusRing: 'focus-ring',
} as const
export type TokenKey = keyof typeof tokenNames
export type ThemeValues = Record<TokenKey, string>

export const cssVariableName = (name: string) => `--tessera-${name}`

const shared = {
  radius: '12px',
  fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontSize: '15px',
} satisfies Partial<ThemeValues>

export const themes: Record<ThemeName, ThemeValues> = {
  // Each theme's accent meets WCAG AA (4.5:1) for text on it and for accent links on the theme's background.
  light: {
    ...shared,
    ...accentPalette('#4d53f3')!,
    background: '#ffffff',
    backgroundMuted: '#f3f4f6',
    foreground: '#111827',
    foregroundMuted: '#5b6270',
    border: '#d8dbe0',
    error: '#c81e1e',
    success: '#0e7a3e',
    overlay: 'rgba(17, 24, 39, 0.45)',
    focusRing: '#2563eb',
  },
  dark: {
    ...shared,
    ...accentPalette('#8b8ff8')!,
    background: '#1b1d22',
    backgroundMuted: '#2a2d34',
    foreground: '#f3f4f6',
    foregroundMuted: '#a8adb7',
    border: '#3b3f48',
    error: '#f87171',
    success: '#4ade80',
    overlay: 'rgba(0, 0, 0, 0.6)',
    focusRing: '#93c5fd',
  },
}

/** `name: value;` declarations for the given token values. */
export function declarations(values: Partial<ThemeValues>): string {
  return Object.entries(values)
    .map(([key, value]) => `${cssVariableName(tokenNames[key as TokenKey])}:${value};`)
    .join('')
}
