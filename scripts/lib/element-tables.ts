// The README's element tables (### `<auth-modal>`, ...) from the element definitions, between marker comments.
import type { ElementDefinition } from '../../elements/definition-format.js'

const code = (text: string) => `\`${text}\``
// A pipe would end the cell, even inside code.
const cell = (text: string) => text.replaceAll('|', '\\|')
const withNote = (text: string, note: string | undefined) => (note ? `${text}. ${note}` : text)

const attributes = (definition: ElementDefinition) =>
  definition.attributes
    .map((attribute) => `${code(attribute.name)}${attribute.type.text === 'string' ? '' : ` (${code(attribute.type.text)})`}: ${attribute.description}`)
    .join('; ')

const properties = (definition: ElementDefinition) => {
  const reflected = definition.attributes.map((attribute) => code(attribute.property)).join(', ')
  const objects = definition.properties.map((property) => `${code(property.name)} (${code(property.type.text)}): ${property.description}`).join('; ')
  return `each attribute's, by its camelCase name (${reflected}); and, as properties only: ${objects}`
}

const methods = (definition: ElementDefinition) =>
  definition.methods.length === 0
    ? 'none'
    : definition.methods
        .map(
          (method) =>
            `${code(`${method.name}(${method.parameters.map(({ name, optional }) => `${name}${optional ? '?' : ''}`).join(', ')})`)}: ${method.description}`,
        )
        .join('; ')

const events = (definition: ElementDefinition) =>
  definition.events
    .map((event) => `${code(event.name)}${event.shape === 'null' ? '' : ` (${code(`detail: ${event.shape}`)})`}: ${event.description}`)
    .join('; ')

/** Parts by their shared description, in declared order: "The modal: `overlay`, `dialog`; Landing rows: ...". */
const parts = (definition: ElementDefinition) => {
  const groups = new Map<string, string[]>()
  for (const { name, description } of definition.parts) groups.set(description, [...(groups.get(description) ?? []), code(name)])
  return [...groups].map(([description, names]) => `${description}: ${names.join(', ')}`).join('; ')
}

const cssProperties = (definition: ElementDefinition) => definition.cssProperties.map(({ name, description }) => `${code(name)} (${description})`).join(', ')

/** One element's table (markdown). */
export function elementTable(definition: ElementDefinition) {
  const notes = definition.notes ?? {}
  const rows: [string, string][] = [
    ['Attributes', withNote(attributes(definition), notes.attributes)],
    ['Properties', withNote(properties(definition), notes.properties)],
    ['Methods', methods(definition)],
    ['Events', withNote(events(definition), notes.events)],
    ['Parts', withNote(parts(definition), notes.parts)],
    ['CSS properties', cssProperties(definition)],
  ]
  return ['| | |', '|---|---|', ...rows.map(([name, text]) => `| ${name} | ${cell(text)} |`)].join('\n')
}

const markers = (tag: string) =>
  [`<!-- element-table:${tag} (generated from elements/${tag}/definition.ts by scripts/write-readme-tables.mjs) -->`, `<!-- /element-table:${tag} -->`] as const

/** `readme` with each element's region replaced by its table; throws when a region's markers are missing. */
export function withElementTables(readme: string, definitions: readonly ElementDefinition[]) {
  let text = readme
  for (const definition of definitions) {
    const [start, end] = markers(definition.tag)
    const from = text.indexOf(start)
    const to = text.indexOf(end)
    if (from === -1 || to < from) throw new Error(`README.md has no ${start} … ${end} region`)
    text = `${text.slice(0, from + start.length)}\n${elementTable(definition)}\n${text.slice(to)}`
  }
  return text
}
