import { createGlobalThemeContract, globalStyle } from '@vanilla-extract/css'
import { themes, tokenNames } from './tokens.js'

/** `vars.accent` is `var(--tessera-accent)`: the public names are stable, never hashed. */
export const vars = createGlobalThemeContract(tokenNames, (name) => `tessera-${name}`)

const assign = (values: typeof themes.light) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [vars[key as keyof typeof vars], value]))

// Defaults on :host so page styles on the element itself win; one rule serves the default and an explicit light theme.
globalStyle(':host, :host([theme="light"])', { vars: assign(themes.light) })
globalStyle(':host([theme="dark"])', { vars: assign(themes.dark) })
