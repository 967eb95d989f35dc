import { describe, expect, it } from 'vitest'
import type { Confirmation } from '../../../core/index.js'
import { pickConfirmation } from './pick-confirmation.js'

const item = (id: string, status: Confirmation['status'], inline = false) => ({ id, status, inline }) as Confirmation

describe('pickConfirmation', () => {
  it('keeps the shown confirmation (a receipt) while it is queued, else takes the first not complete', () => {
    const queue = [item('a', 'complete'), item('b', 'ready'), item('c', 'preparing')]
    expect(pickConfirmation(queue, 'a').shown?.id).toBe('a')
    expect(pickConfirmation(queue, null).shown?.id).toBe('b')
    expect(pickConfirmation(queue, 'gone').shown?.id).toBe('b')
    expect(pickConfirmation([item('a', 'complete')], null).shown).toBeNull()
  })

  it('leaves inline confirmations to their element, which sees only its own', () => {
    const queue = [item('inline', 'ready', true), item('modal', 'ready')]
    expect(pickConfirmation(queue, null).candidates.map(({ id }) => id)).toEqual(['modal'])
    expect(pickConfirmation(queue, null, 'inline').shown?.id).toBe('inline')
    expect(pickConfirmation(queue, null, 'other').shown).toBeNull()
  })
})
