import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.js'
import { primaryButton } from './modal.css.js'

/** The quieter second choice beside a primary button ('No thanks'). */
export const secondaryButton = style([
  primaryButton,
  {
    color: vars.foreground,
    background: vars.backgroundMuted,
    selectors: { '&:hover:not(:disabled)': { background: vars.border } },
  },
])

export const actions = style({ display: 'flex', flexDirection: 'column', gap: 8 })

export const links = style({ display: 'flex', justifyContent: 'center', gap: 16, fontSize: '0.85em' })

export const address = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 12px',
  border: `1px solid ${vars.border}`,
  borderRadius: `calc(${vars.radius} - 4px)`,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '0.85em',
  wordBreak: 'break-all',
})

export const statusTitle = style({ margin: 0, textAlign: 'center', fontWeight: 600 })
