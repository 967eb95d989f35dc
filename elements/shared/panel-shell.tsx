import { Suspense, type ReactNode } from 'react'
import type { TesseraClient } from '../../src/core/index.js'
import { titleId } from '../../src/ui/primitives/modal-shell.js'
import * as styles from '../../src/ui/styles/modal.css.js'
import { InstanceTheme } from '../styles/instance-theme.js'

/** An inline panel's surface (`part="panel"`, labelled by its screen's title) around its lazily loaded view, when it has one. */
export function PanelShell({ client, sheet, children }: { client: TesseraClient; sheet: CSSStyleSheet; children: ReactNode }) {
  return (
    <>
      <InstanceTheme client={client} sheet={sheet} />
      {children && (
        <Suspense fallback={null}>
          <div part="panel" role="region" aria-labelledby={titleId} className={`${styles.dialog} ${styles.standaloneDialog}`}>
            {children}
          </div>
        </Suspense>
      )}
    </>
  )
}
