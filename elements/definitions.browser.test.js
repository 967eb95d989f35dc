// Each defined element class (the built dist/tessera.js) in Chromium against its definition: every attribute is
// observed and reflected by its property, every object property and method exists, `locale` and `messages` reach the
// React root as props, and each event the root reports is dispatched by its name, bubbling and composed.
import { assert, assertEqual } from './auth-modal/browser-assertions.js'

const bundle = await import('/dist/tessera.js')
// The definitions stay out of the runtime bundle (documentation weighs on the first load): the fixture bundle has them.
const { elementDefinitions } = await import('/.test-data/browser-fixtures/element-definitions.js')
await Promise.all([bundle.defineConfirmTx(), bundle.defineFundWallet()])
bundle.defineAuthModal()

const rootProps = (element) => element[Symbol.for('r2wc.props')]
const sampleValue = { string: 'sample', number: '5', boolean: '' }
const parsedValue = { string: 'sample', number: 5, boolean: true }

for (const definition of elementDefinitions) {
  describe(`<${definition.tag}> follows its definition`, () => {
    it('observes every attribute and reflects it in its property and the root props', () => {
      const Element = customElements.get(definition.tag)
      for (const attribute of definition.attributes) assert(Element.observedAttributes.includes(attribute.name), `${attribute.name} observed`)
      const element = document.createElement(definition.tag)
      for (const attribute of definition.attributes) {
        element.setAttribute(attribute.name, sampleValue[attribute.kind])
        assertEqual(element[attribute.property], parsedValue[attribute.kind], `${attribute.property} after ${attribute.name}`)
        assertEqual(rootProps(element)[attribute.property], parsedValue[attribute.kind], `root prop ${attribute.property}`)
        element.removeAttribute(attribute.name)
        assertEqual(rootProps(element)[attribute.property] ?? false, false, `root prop ${attribute.property} after removal`)
      }
    })

    it('has each object property (forwarded to the root) and each method', () => {
      const element = document.createElement(definition.tag)
      for (const property of definition.properties) {
        const value = { marker: property.name }
        element[property.name] = value
        assertEqual(element[property.name], value, property.name)
        assert(rootProps(element)[property.name] === value, `root prop ${property.name}`)
      }
      for (const method of definition.methods) assertEqual(typeof element[method.name], 'function', `method ${method.name}`)
    })

    it('dispatches each event the root reports by its name, bubbling and composed', () => {
      const element = document.createElement(definition.tag)
      document.body.append(element)
      try {
        for (const event of definition.events.filter((candidate) => candidate.dispatcher === 'root')) {
          const heard = []
          const listener = (dispatched) => heard.push(dispatched)
          document.addEventListener(event.name, listener)
          const detail = { marker: event.name }
          rootProps(element)[`on${event.name[0].toUpperCase()}${event.name.slice(1)}`](detail)
          document.removeEventListener(event.name, listener)
          assertEqual(heard.length, 1, `${event.name} heard once`)
          assert(heard[0].detail === detail && heard[0].bubbles && heard[0].composed && heard[0].target === element, `${event.name}: detail, bubbles, composed`)
        }
      } finally {
        element.remove()
      }
    })
  })
}
