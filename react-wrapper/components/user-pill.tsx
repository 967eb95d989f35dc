import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react'
import { userPillText, type UserPillText } from '../../elements/user-pill-text.js'
import type { User } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import { useAuthState } from '../../elements/client-slices.js'
import type { LoginModalOptions } from '../hooks/use-login.js'

export interface UserPillProps {
  /** What the signed-out pill does: open the modal for sign-in (with the per-call login options). */
  action?: { type: 'login'; options?: LoginModalOptions }
  /** Signed in: show the user's label beside the avatar (default true). */
  expanded?: boolean
  /** The signed-out pill's text (default 'Log in'). */
  label?: ReactNode
  /** The avatar's size in px (default 32). */
  size?: number
  ui?: { minimal?: boolean; background?: 'accent' | 'secondary' }
}

/** The user's email, phone number or wallet address (shortened), as the pill labels the account. */
export function accountLabel(user: User): string | null {
  const address = user.wallet?.address
  return user.email?.address ?? user.phone?.number ?? (address ? `${address.slice(0, 6)}…${address.slice(-4)}` : null)
}

/** The texts in the provider modal's language; null until its table has loaded. */
function usePillText(): UserPillText | null {
  const { modal } = useTesseraContext()
  const [text, setText] = useState<UserPillText | null>(null)
  const locale = modal?.locale
  const messages = modal?.messages
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new locale or messages must load the text again
  useEffect(() => {
    let current = true
    void userPillText(modal).then((loaded) => current && setText(loaded))
    return () => void (current = false)
  }, [modal, locale, messages])
  return text
}

const pillStyle = (background: 'accent' | 'secondary', minimal: boolean): CSSProperties => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5em',
  padding: minimal ? 0 : '0.25em 0.75em 0.25em 0.25em',
  border: minimal ? 'none' : '1px solid var(--tessera-border, #d4d4d8)',
  borderRadius: '999px',
  cursor: 'pointer',
  font: 'inherit',
  fontFamily: 'var(--tessera-font-family, inherit)',
  fontSize: 'var(--tessera-font-size, inherit)',
  background: minimal ? 'transparent' : background === 'accent' ? 'var(--tessera-accent, #4f46e5)' : 'var(--tessera-background-muted, #f4f4f5)',
  color: !minimal && background === 'accent' ? 'var(--tessera-accent-foreground, #ffffff)' : 'var(--tessera-foreground, #18181b)',
  outlineColor: 'var(--tessera-focus-ring, #4f46e5)',
})

const avatarStyle = (size: number): CSSProperties => ({
  display: 'inline-grid',
  placeItems: 'center',
  width: size,
  height: size,
  borderRadius: '50%',
  flex: 'none',
  background: 'var(--tessera-accent-dark, #3730a3)',
  color: 'var(--tessera-accent-foreground, #ffffff)',
  fontWeight: 600,
})

const menuStyle: CSSProperties = {
  position: 'absolute',
  insetInlineEnd: 0,
  marginTop: '0.25em',
  minWidth: '10em',
  padding: '0.25em',
  zIndex: 1,
  background: 'var(--tessera-background, #ffffff)',
  border: '1px solid var(--tessera-border, #d4d4d8)',
  borderRadius: 'var(--tessera-radius, 8px)',
}

const menuItemStyle: CSSProperties = {
  display: 'block',
  width: '100%',
  padding: '0.5em 0.75em',
  border: 'none',
  background: 'transparent',
  textAlign: 'start',
  font: 'inherit',
  color: 'var(--tessera-foreground, #18181b)',
  borderRadius: 'var(--tessera-radius, 8px)',
  cursor: 'pointer',
}

/**
 * The account pill (the reference SDK's `UserPill`): signed out, a button that opens the sign-in modal; signed in,
 * the user's avatar and label, a button for a menu with 'Log out'. Styled with the `--tessera-*` custom properties.
 */
export function UserPill({ action = { type: 'login' }, expanded = true, label, size = 32, ui = {} }: UserPillProps) {
  const { client, openModal } = useTesseraContext()
  const { status, user } = useAuthState(client)
  const text = usePillText()
  const style = pillStyle(ui.background ?? 'secondary', ui.minimal ?? false)
  if (status !== 'authenticated' || !user) {
    return (
      <button type="button" style={style} disabled={status === 'loading'} onClick={() => openModal({ intent: 'login', ...action.options })}>
        {label ?? text?.['userPill.login']}
      </button>
    )
  }
  return <AccountMenu user={user} text={text} expanded={expanded} size={size} style={style} onLogout={() => void client.logout()} />
}

export interface AccountMenuProps {
  user: User
  text: UserPillText | null
  expanded: boolean
  size: number
  style: CSSProperties
  onLogout(): void
}

/** The signed-in pill: the avatar and label, a button for the account menu (Escape closes it, focus returns). */
export function AccountMenu({ user, text, expanded, size, style, onLogout }: AccountMenuProps) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const firstItem = useRef<HTMLButtonElement>(null)
  useEffect(() => void (open && firstItem.current?.focus()), [open])
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const onMenuKey = (event: KeyboardEvent) => event.key === 'Escape' && close()
  const name = accountLabel(user) ?? text?.['userPill.account'] ?? ''
  return (
    <span style={{ position: 'relative', display: 'inline-block' }} onKeyDown={onMenuKey}>
      <button
        ref={button}
        type="button"
        style={style}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={expanded ? undefined : name}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" style={avatarStyle(size)}>
          {name.slice(0, 1).toUpperCase()}
        </span>
        {expanded && <span>{name}</span>}
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={text?.['userPill.account']} style={menuStyle}>
          <button ref={firstItem} type="button" role="menuitem" style={menuItemStyle} onClick={() => (setOpen(false), onLogout())}>
            {text?.['userPill.logout']}
          </button>
        </div>
      )}
    </span>
  )
}
