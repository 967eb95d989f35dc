import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.js'
import { input } from '../../styles/modal.css.js'

/** The password input with its show/hide and generate controls inside the field's row. */
export const fieldRow = style({ display: 'flex', gap: 6, alignItems: 'stretch' })
export const fieldInput = style([input, { flex: 1, minWidth: 0, fontFamily: 'ui-monospace, monospace' }])

export const controlButton = style({
  padding: '0 10px',
  font: 'inherit',
  fontSize: '0.85em',
  color: vars.foreground,
  background: vars.backgroundMuted,
  border: `1px solid ${vars.border}`,
  borderRadius: `calc(${vars.radius} - 4px)`,
  cursor: 'pointer',
})

export const strength = style({ margin: 0, fontSize: '0.85em', color: vars.foregroundMuted })
export const meter = style({ display: 'flex', gap: 4 })
export const meterBar = style({
  flex: 1,
  height: 4,
  borderRadius: 2,
  background: vars.border,
  selectors: { '&[data-filled="true"]': { background: vars.accent } },
})

/** The saved password, shown once so the user can write it down. */
export const passwordBox = style([input, { fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all', textAlign: 'center' }])

export const checkboxRow = style({ display: 'flex', gap: 8, alignItems: 'center', fontSize: '0.9em', color: vars.foreground })

export const buttonRow = style({ display: 'flex', gap: 8 })

/** Full-width buttons under a centred message. */
export const stretchedActions = style({ display: 'flex', flexDirection: 'column', gap: 8, alignSelf: 'stretch' })

export const infoPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: 12,
  borderRadius: `calc(${vars.radius} - 4px)`,
  background: vars.backgroundMuted,
})
