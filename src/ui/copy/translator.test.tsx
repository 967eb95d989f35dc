import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { createClient } from '../../core/index.js'
import type { AuthModalElement } from '../../../elements/index.js'
import type { TesseraProviderProps } from '../../../react-wrapper/index.js'
import { useT } from './code.js'
import { canonicalLocale, shippedLocaleFor, textDirection } from './locale.js'
import type { Messages } from './locale-table.js'
import { CopyLocaleContext, type CopyLocale } from './translator.js'

function CodeTitle({ email }: { email?: string }) {
  const t = useT()
  return <>{email ? t('code.description', { email, app: 'Acme' }) : t('code.title')}</>
}

const render = (value: CopyLocale, email?: string) =>
  renderToStaticMarkup(
    <CopyLocaleContext.Provider value={value}>
      <CodeTitle email={email} />
    </CopyLocaleContext.Provider>,
  )

describe('useT: the element being rendered speaks its own language', () => {
  it('reads the strings of the nearest locale, filling placeholders', () => {
    const spanish = { locale: 'es', strings: { 'code.description': 'Busca en {email} un correo de {app}.' } }
    expect(render(spanish, 'ana@example.com')).toBe('Busca en ana@example.com un correo de Acme.')
  })

  it('falls back to English for a key the locale does not have', () => {
    expect(render({ locale: 'es', strings: {} })).toBe('Enter confirmation code')
    expect(renderToStaticMarkup(<CodeTitle />)).toBe('Enter confirmation code')
  })

  it('gives two providers on one page their own strings', () => {
    const both = renderToStaticMarkup(
      <>
        <CopyLocaleContext.Provider value={{ locale: 'es', strings: { 'code.title': 'Introduce el código' } }}>
          <CodeTitle />
        </CopyLocaleContext.Provider>
        |
        <CopyLocaleContext.Provider value={{ locale: 'de', strings: { 'code.title': 'Code eingeben' } }}>
          <CodeTitle />
        </CopyLocaleContext.Provider>
      </>,
    )
    expect(both).toBe('Introduce el código|Code eingeben')
  })
})

describe('locale matching', () => {
  it('uses the language of a regional tag and English for unknown or malformed ones', () => {
    expect(shippedLocaleFor(canonicalLocale('es-MX'))).toBe('es')
    expect(canonicalLocale('es-mx')).toBe('es-MX')
    expect(shippedLocaleFor(canonicalLocale('pt-BR'))).toBeNull()
    expect(shippedLocaleFor(canonicalLocale('en-GB'))).toBeNull()
    expect(canonicalLocale('not a locale!')).toBe('en')
    expect(canonicalLocale(undefined)).toBe('en')
    expect(canonicalLocale('')).toBe('en')
  })

  it('writes Arabic, Hebrew and Persian right to left, the rest left to right', () => {
    expect(['ar', 'ar-EG', 'he', 'fa'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl'])
    expect(['en', 'es', 'ja', 'de'].map(textDirection)).toEqual(['ltr', 'ltr', 'ltr', 'ltr'])
  })
})

describe('typed copy keys (checked by tsc)', () => {
  it('accepts every copy key in messages, and a misspelt one fails to type-check', () => {
    const messages: Messages = { 'landing.header': 'Hola', 'code.title': 'Código', 'tx.title': 'Confirmar' }
    // @ts-expect-error a key that no table has
    const misspelt: Messages = { 'landing.heder': 'Hola' }
    // @ts-expect-error core config takes the same keys
    const clientOptions: Parameters<typeof createClient>[0] = { appId: 'tessera-test-app-00000001', messages: { 'code.titel': 'x' } }
    // @ts-expect-error so does the React provider
    const providerProps: TesseraProviderProps = { appId: 'tessera-test-app-00000001', messages: { 'modal.clos': 'x' } }
    // @ts-expect-error and the element's property
    const elementMessages: AuthModalElement['messages'] = { 'landing.submt': 'x' }
    expect([messages, misspelt, clientOptions, providerProps, elementMessages].length).toBe(5)
  })
})
