import { describe, expect, it } from 'vitest'
import { codeBoxesReducer, completeCode, emptyCodeBoxes, type CodeBoxesAction } from './code-boxes.js'

const run = (...actions: CodeBoxesAction[]) => actions.reduce(codeBoxesReducer, emptyCodeBoxes())

describe('codeBoxesReducer', () => {
  it('types one digit per box and moves focus on', () => {
    const state = run({ type: 'input', index: 0, value: '4' }, { type: 'input', index: 1, value: '2' })
    expect(state.digits).toEqual(['4', '2', '', '', '', ''])
    expect(state.focus).toBe(2)
    expect(completeCode(state)).toBeNull()
  })

  it('spreads a pasted code over every box, stripping whitespace, and completes', () => {
    const state = run({ type: 'input', index: 3, value: ' 123 456\n' })
    expect(state.digits).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(completeCode(state)).toBe('123456')
    expect(state.focus).toBe(5)
  })

  it('spreads a partial paste from the box it lands in', () => {
    expect(run({ type: 'input', index: 2, value: '98' }).digits).toEqual(['', '', '9', '8', '', ''])
    expect(run({ type: 'input', index: 4, value: '987' }).digits).toEqual(['', '', '', '', '9', '8'])
  })

  it('flags non-digits without changing the boxes and clears on the next valid input', () => {
    const bad = run({ type: 'input', index: 0, value: '1' }, { type: 'input', index: 1, value: 'a' })
    expect(bad.error).toBe('not-numeric')
    expect(bad.digits).toEqual(['1', '', '', '', '', ''])
    expect(codeBoxesReducer(bad, { type: 'input', index: 1, value: '7' }).error).toBeNull()
  })

  it('backspace clears the box and moves back; on an empty box it clears the previous one', () => {
    const filled = run({ type: 'input', index: 0, value: '123' })
    const once = codeBoxesReducer(filled, { type: 'backspace', index: 2 })
    expect(once.digits).toEqual(['1', '2', '', '', '', ''])
    expect(once.focus).toBe(1)
    const onEmpty = codeBoxesReducer(once, { type: 'backspace', index: 2 })
    expect(onEmpty.digits).toEqual(['1', '', '', '', '', ''])
    expect(onEmpty.focus).toBe(1)
    expect(codeBoxesReducer(emptyCodeBoxes(), { type: 'backspace', index: 0 }).focus).toBe(0)
  })

  it('clear empties every box', () => {
    expect(codeBoxesReducer(run({ type: 'input', index: 0, value: '123456' }), { type: 'clear' })).toEqual(emptyCodeBoxes())
  })
})
