import { createGlobalThemeContract, globalStyle } from '@vanilla-extract/css'
import { themes, tokenNames } from './tokens.js'

/** `vars.accent` is `var(--tessera-accent)`: the public names are stable, never hashed. */
export const vars = createGlobalThemeContract(tokenNames, (name) => `tessera-${name}`)

const assign = (values: typeof themes.light) => Object.fromEntries(Object.entries(values).map(([key, value]) => [vars[key as keyof typeof vars], value]))

// Defaults on :host so page styles on the element itself win; one rule serves the default and an explicit light theme.
globalStyle(':host, :host([theme="light"]), :host([theme="auto"])', { vars: assign(themes.light) })
globalStyle(':host([theme="dark"])', { vars: assign(themes.dark) })
// theme="auto" follows the page's colour scheme, live: the browser re-applies the rule when the preference changes.
globalStyle(':host([theme="auto"])', { '@media': { '(prefers-color-scheme: dark)': { vars: assign(themes.dark) } } })

// Reduced motion: every animation and transition in the shadow tree ends at once (spinners stand still).
globalStyle(':host *, :host *::before, :host *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0s !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0s !important',
    },
  },
})
