import { Suspense, useState, type ReactNode } from 'react'
import type { TesseraClient } from '../../src/core/index.js'
import { titleId } from '../../src/ui/primitives/modal-shell.js'
import { useScreenEntryFocus } from '../../src/ui/primitives/screen-entry-focus.js'
import * as styles from '../../src/ui/styles/modal.css.js'
import { InstanceTheme } from '../styles/instance-theme.js'

/**
 * An inline panel's surface (`part="panel"`, labelled by its screen's title) around its lazily loaded view, when it
 * has one; `focusFirstScreen`: the view opened on the app's request, so its first screen takes the focus.
 */
export function PanelShell({
  client,
  sheet,
  children,
  focusFirstScreen = false,
}: {
  client: TesseraClient
  sheet: CSSStyleSheet
  children: ReactNode
  focusFirstScreen?: boolean
}) {
  // State, not a ref: the panel mounts after its lazy view loads, and the focus watch starts then.
  const [panel, setPanel] = useState<HTMLDivElement | null>(null)
  useScreenEntryFocus(panel, { modal: false, focusFirstScreen })
  return (
    <>
      <InstanceTheme client={client} sheet={sheet} />
      {children && (
        <Suspense fallback={null}>
          <div ref={setPanel} part="panel" role="region" aria-labelledby={titleId} className={`${styles.dialog} ${styles.standaloneDialog}`}>
            {children}
          </div>
        </Suspense>
      )}
    </>
  )
}
