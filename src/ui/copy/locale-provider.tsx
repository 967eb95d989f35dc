import { Suspense, use, useMemo, type ReactNode } from 'react'
import * as styles from '../styles/modal.css.js'
import { canonicalLocale, loadLocaleTable, shippedLocaleFor, textDirection } from './locale.js'
import type { LocaleTable, Messages } from './locale-table.js'
import { CopyLocaleContext } from './translator.js'

export interface LocaleProviderProps {
  /** BCP 47 tag ('es', 'es-MX', 'ar'...), default the page's `lang`; a language without a shipped table renders English. */
  locale?: string | undefined
  /** The host's own strings, over the locale's (a key it leaves out keeps the locale's, then English). */
  messages?: Messages | undefined
  children?: ReactNode
}

const noStrings: Partial<LocaleTable> = {}

function Localised({ locale, table, messages, children }: { locale: string; table: Promise<LocaleTable> | null; messages: Messages | undefined; children?: ReactNode }) {
  const shipped = table ? use(table) : noStrings
  const value = useMemo(() => ({ locale, strings: messages ? { ...shipped, ...messages } : shipped }), [locale, shipped, messages])
  return (
    <CopyLocaleContext.Provider value={value}>
      <div className={styles.localeRoot} lang={locale} dir={textDirection(locale)}>
        {children}
      </div>
    </CopyLocaleContext.Provider>
  )
}

/**
 * One element's language: its screens' `useT()` read this table, its subtree gets `lang` and `dir` (right-to-left
 * locales lay out mirrored). Renders nothing until a shipped table it needs has loaded, so no English flashes first.
 */
export function LocaleProvider({ locale, messages, children }: LocaleProviderProps) {
  const tag = canonicalLocale(locale ?? globalThis.document?.documentElement.lang)
  const shipped = shippedLocaleFor(tag)
  const table = useMemo(() => (shipped ? loadLocaleTable(shipped) : null), [shipped])
  return (
    <Suspense fallback={null}>
      <Localised locale={tag} table={table} messages={messages}>
        {children}
      </Localised>
    </Suspense>
  )
}
