// The element definitions against everything derived from them: r2wc's options, the React wrapper's callbacks,
// custom-elements.json and the README tables (the classes themselves: definitions.browser.test.js).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { customElementsManifest } from '../scripts/lib/custom-elements-manifest.js'
import { withElementTables } from '../scripts/lib/element-tables.js'
import { elementDefinitions } from './definitions.js'
import { r2wcOptions, rootCallbackName } from './shared/r2wc-options.js'

const root = new URL('..', import.meta.url)
// r2wc's own rule for the event a root callback dispatches (@r2wc/core): drop `on`, lowercase.
const r2wcEventName = (callback: string) => callback.replace(/^on/, '').toLowerCase()

describe('element definitions', () => {
  it.each(elementDefinitions.map((definition) => [definition.tag, definition] as const))(
    '%s: every element has app-id, api-url, theme, locale and messages',
    (_tag, definition) => {
      expect(definition.attributes.map((attribute) => attribute.name)).toEqual(expect.arrayContaining(['app-id', 'api-url', 'theme', 'locale']))
      expect(definition.attributes.find((attribute) => attribute.name === 'theme')?.type.text).toBe("'light' | 'dark' | 'auto'")
      expect(definition.properties.map((property) => property.name)).toContain('messages')
      expect(definition.cssProperties.map((property) => property.name)).toContain('--tessera-accent')
    },
  )

  it.each(elementDefinitions.map((definition) => [definition.tag, definition] as const))(
    '%s: r2wc parses each string and number attribute and dispatches each root event by its name',
    (_tag, definition) => {
      const options = r2wcOptions(definition)
      const parsed = definition.attributes.filter((attribute) => attribute.kind !== 'boolean')
      expect(options.props).toEqual(Object.fromEntries(parsed.map((attribute) => [attribute.property, attribute.kind])))
      const rootEvents = definition.events.filter((event) => event.dispatcher === 'root').map((event) => event.name)
      expect(Object.keys(options.events).map(r2wcEventName)).toEqual(rootEvents)
      for (const event of rootEvents) expect(r2wcEventName(rootCallbackName(event))).toBe(event)
    },
  )

  it('the React wrappers keep their public callback names, add onLinkSuccess and onUpdateSuccess, and name each event once', () => {
    const callbacks = Object.fromEntries(elementDefinitions.map((definition) => [definition.tag, definition.events.map((event) => event.reactCallback)]))
    expect(callbacks['auth-modal']).toEqual(
      expect.arrayContaining(['onLoginSuccess', 'onAuthError', 'onModalClose', 'onLogout', 'onLinkSuccess', 'onUpdateSuccess']),
    )
    expect(callbacks['confirm-tx']).toEqual(['onConfirmed', 'onRejected', 'onFailed'])
    expect(callbacks['fund-wallet']).toEqual(['onSuccess', 'onUserExited', 'onFailed'])
    for (const names of Object.values(callbacks)) expect(new Set(names).size).toBe(names!.length)
  })

  it('custom-elements.json (schema 2.1.0) lists every attribute, property, method, event, part and CSS property of each element', () => {
    const manifest = customElementsManifest(elementDefinitions)
    expect(manifest.schemaVersion).toBe('2.1.0')
    const [module] = manifest.modules
    expect(module!.exports.map((entry) => [entry.kind, entry.name])).toEqual(
      elementDefinitions.map((definition) => ['custom-element-definition', definition.tag]),
    )
    for (const definition of elementDefinitions) {
      const declaration = module!.declarations.find((candidate) => candidate.tagName === definition.tag)!
      expect(declaration.name).toBe(definition.className)
      expect(declaration.attributes.map((attribute) => attribute.name)).toEqual(definition.attributes.map((attribute) => attribute.name))
      const fields = declaration.members.filter((member) => member.kind === 'field').map((member) => member.name)
      expect(fields).toEqual([...definition.attributes.map((attribute) => attribute.property), ...definition.properties.map((property) => property.name)])
      expect(declaration.members.filter((member) => member.kind === 'method').map((member) => member.name)).toEqual(
        definition.methods.map((method) => method.name),
      )
      expect(declaration.events.map((event) => [event.name, event.type.text])).toEqual(
        definition.events.map((event) => [event.name, `CustomEvent<${event.detail.text}>`]),
      )
      expect(declaration.cssParts.map((part) => part.name)).toEqual(definition.parts.map((part) => part.name))
      expect(declaration.cssProperties.map((property) => property.name)).toEqual(definition.cssProperties.map((property) => property.name))
    }
  })

  it("package.json's customElements field points at the manifest the build writes, and the tarball ships it", () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
    const build = readFileSync(new URL('scripts/build.mjs', root), 'utf8')
    expect(pkg.customElements).toBe('dist/custom-elements.json')
    expect(pkg.files).toContain('dist/custom-elements.json')
    expect(build).toContain('scripts/write-custom-elements.mjs')
  })

  it('the README element tables are generated from the definitions (run `node scripts/write-readme-tables.mjs` after a change)', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8')
    expect(withElementTables(readme, elementDefinitions)).toBe(readme)
  })
})
