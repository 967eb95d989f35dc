import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.js'

const box = { padding: '8px 12px', border: `1px solid ${vars.border}`, borderRadius: `calc(${vars.radius} - 4px)` } as const
const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace'

/** Label/value rows of a confirmation. */
export const rows = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 12px', margin: 0, fontSize: '0.9em' })
export const rowLabel = style({ color: vars.foregroundMuted })
export const rowValue = style({ margin: 0, textAlign: 'end', overflowWrap: 'anywhere' })

/** The message to sign and raw data: scrollable, keyboard-focusable. */
export const scrollBox = style([
  box,
  { maxHeight: 160, overflow: 'auto', margin: 0, fontFamily: monospace, fontSize: '0.8em', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
])

export const card = style([box, { display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: '0.9em' }])

export const expander = style([box, { fontSize: '0.9em' }])
export const expanderSummary = style({ cursor: 'pointer', fontWeight: 500 })

export const banner = style([box, { margin: 0, fontSize: '0.9em', fontWeight: 500 }])
export const warningBanner = style([banner, { borderColor: vars.accent, background: vars.backgroundMuted }])
export const maliciousBanner = style([banner, { borderColor: vars.error, color: vars.error }])
export const checkboxLabel = style({ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: '0.9em' })

export const icon = style({ width: 48, height: 48, alignSelf: 'center', objectFit: 'contain', borderRadius: 8 })

export const list = style({ margin: 0, paddingInlineStart: 18, fontSize: '0.85em', overflowWrap: 'anywhere' })

export const stepper = style({ display: 'flex', justifyContent: 'space-between', fontSize: '0.85em' })

export const monospaceText = style({ fontFamily: monospace })

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
export const spinner = style({
  width: 28,
  height: 28,
  alignSelf: 'center',
  border: `3px solid ${vars.border}`,
  borderTopColor: vars.accent,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})
