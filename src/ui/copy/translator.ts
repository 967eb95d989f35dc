import { createContext, useContext, useMemo } from 'react'

export type CopyValues = Record<string, string | number>

/** A locale's strings by key: `Messages` where they are built, loose here because locale-table.ts imports every copy table and each imports this file. */
export type CopyStrings = Readonly<Record<string, string | undefined>>

/** The strings an element's screens show in place of English: its locale's table with the host's `messages` over it. */
export interface CopyLocale {
  /** The BCP 47 tag the element renders in (`lang`), e.g. 'es-MX'; numbers and country names follow it. */
  locale: string
  strings: CopyStrings
}

export const english: CopyLocale = { locale: 'en', strings: {} }

/** Per element instance (one provider per root), so two elements on a page can speak different languages. */
export const CopyLocaleContext = createContext<CopyLocale>(english)

/** The element's locale tag, for `Intl` formatting. */
export const useLocale = (): string => useContext(CopyLocaleContext).locale

const fill = (text: string, values: CopyValues) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/**
 * Over one English copy table: `t(key, values)`, the English string with `{name}` placeholders filled in, and
 * `useT()`, the same for the element being rendered (its locale's string or the host's override, English when
 * neither has the key).
 */
export function translator<Table extends Readonly<Record<string, string>>>(table: Table) {
  type Key = keyof Table & string
  const translate =
    (strings: CopyStrings) =>
    (key: Key, values: CopyValues = {}): string =>
      fill(strings[key] ?? table[key]!, values)
  const t = translate({})
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at load, never inside a component
  const useT = () => {
    const { strings } = useContext(CopyLocaleContext)
    return useMemo(() => translate(strings), [strings])
  }
  return { t, useT }
}

/** What `useT()` returns for one table: pass it to helpers that build copy outside a component. */
export type Translate<Key extends string> = (key: Key, values?: CopyValues) => string
