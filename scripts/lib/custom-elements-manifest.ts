// custom-elements.json (https://github.com/webcomponents/custom-elements-manifest, schema 2.1.0) from the element
// definitions (elements/<tag>/definition.ts): the classes ship in the `tessera/elements` entry.
import type { AttributeDefinition, ElementDefinition } from '../../elements/definition-format.js'

const modulePath = 'dist/lib/elements.js'

const attributeEntry = (attribute: AttributeDefinition) => ({
  name: attribute.name,
  fieldName: attribute.property,
  type: { text: attribute.type.text },
  description: attribute.description,
})

const members = (definition: ElementDefinition) => [
  ...definition.attributes.map((attribute) => ({
    kind: 'field' as const,
    name: attribute.property,
    type: { text: attribute.type.text },
    description: attribute.description,
    attribute: attribute.name,
    reflects: true,
  })),
  ...definition.properties.map((property) => ({
    kind: 'field' as const,
    name: property.name,
    type: { text: property.type.text },
    description: property.description,
  })),
  ...definition.methods.map((method) => ({
    kind: 'method' as const,
    name: method.name,
    description: method.description,
    parameters: method.parameters.map(({ name, type, optional }) => ({ name, type: { text: type }, ...(optional ? { optional: true } : {}) })),
    return: { type: { text: 'void' } },
  })),
]

/** One element's class declaration. */
const classDeclaration = (definition: ElementDefinition) => ({
  kind: 'class',
  customElement: true,
  tagName: definition.tag,
  name: definition.className,
  description: definition.summary,
  superclass: { name: 'HTMLElement', package: 'global:' },
  attributes: definition.attributes.map(attributeEntry),
  members: members(definition),
  events: definition.events.map((event) => ({
    name: event.name,
    type: { text: `CustomEvent<${event.detail.text}>` },
    description: `${event.description}; detail: ${event.shape}`,
  })),
  cssParts: definition.parts.map(({ name, description }) => ({ name, description })),
  cssProperties: definition.cssProperties.map(({ name, description }) => ({ name, description })),
})

/** The manifest for `definitions`. */
export function customElementsManifest(definitions: readonly ElementDefinition[]) {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: modulePath,
        declarations: definitions.map(classDeclaration),
        exports: definitions.map((definition) => ({
          kind: 'custom-element-definition',
          name: definition.tag,
          declaration: { name: definition.className, module: modulePath },
        })),
      },
    ],
  }
}
