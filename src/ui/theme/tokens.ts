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

/** Each theme's surfaces: the accent (as link text) must read on both. */
export const themeSurfaces: Record<ThemeName, { background: string; backgroundMuted: string }> = {
  light: { background: '#ffffff', backgroundMuted: '#f3f4f6' },
  dark: { background: '#1b1d22', backgroundMuted: '#2a2d34' },
}

/** The accent palette for `theme`: readable (4.5:1) on its surfaces, its foreground readable on it. */
export const themedAccentPalette = (accentColor: string, theme: ThemeName) => accentPalette(accentColor, Object.values(themeSurfaces[theme]))

export const themes: Record<ThemeName, ThemeValues> = {
  // Each theme's accent meets WCAG AA (4.5:1) for text on it and for accent links on the theme's surfaces.
  light: {
    ...shared,
    ...themeSurfaces.light,
    ...themedAccentPalette('#4d53f3', 'light')!,
    foreground: '#111827',
    foregroundMuted: '#5b6270',
    border: '#858b96',
    error: '#c81e1e',
    success: '#0e7a3e',
    overlay: 'rgba(17, 24, 39, 0.45)',
    focusRing: '#2563eb',
  },
  dark: {
    ...shared,
    ...themeSurfaces.dark,
    ...themedAccentPalette('#8b8ff8', 'dark')!,
    foreground: '#f3f4f6',
    foregroundMuted: '#a8adb7',
    border: '#757b86',
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
