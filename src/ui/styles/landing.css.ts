import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.js'

export const methodList = style({ display: 'flex', flexDirection: 'column', gap: 8, margin: 0, padding: 0, listStyle: 'none' })

export const methodButton = style({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '10px 12px',
  font: 'inherit',
  fontWeight: 500,
  textAlign: 'start',
  color: vars.foreground,
  background: vars.background,
  border: `1px solid ${vars.border}`,
  borderRadius: `calc(${vars.radius} - 4px)`,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.backgroundMuted },
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
  },
})

export const methodLabel = style({ flex: 1 })

export const icon = style({ width: 22, height: 22, flex: 'none' })

export const recentChip = style({
  padding: '1px 8px',
  borderRadius: 999,
  fontSize: '0.75em',
  fontWeight: 600,
  // The accent's own foreground pair: readable (4.5:1) for any accent, in either theme.
  color: vars.accentForeground,
  background: vars.accent,
})

export const infoButtonSlot = style({ gridColumn: 1, gridRow: 1 })

export const popover = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: 12,
  borderRadius: `calc(${vars.radius} - 4px)`,
  background: vars.backgroundMuted,
  border: `1px solid ${vars.border}`,
})

export const popoverTitle = style({ margin: 0, fontSize: '1em', fontWeight: 600 })

export const phoneRow = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 9em) 1fr', gap: 8 })

export const statusIcon = style({ width: 48, height: 48, alignSelf: 'center' })
globalStyle(`${statusIcon} svg`, { width: '100%', height: '100%' })

export const labelRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 })
