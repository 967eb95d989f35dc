import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText } from './copy-text.js'

/** A document whose selection copy succeeds or not, recording what was selected. */
function fakeDocument(copies: boolean) {
  const selected: string[] = []
  const area = {
    value: '',
    style: {},
    setAttribute() {},
    select() {
      selected.push(area.value)
    },
    remove: vi.fn(),
  }
  const document = { createElement: () => area, body: { appendChild() {} }, activeElement: null, execCommand: vi.fn(() => copies) }
  return { document, selected, area }
}

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('uses the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    expect(await copyText('0xabc')).toBe(true)
    expect(writeText).toHaveBeenCalledWith('0xabc')
  })

  it('on a page that is not a secure context (no navigator.clipboard) copies through a selected text area', async () => {
    const fake = fakeDocument(true)
    vi.stubGlobal('navigator', {})
    vi.stubGlobal('document', fake.document)
    expect(await copyText('0xabc')).toBe(true)
    expect(fake.selected).toEqual(['0xabc'])
    expect(fake.document.execCommand).toHaveBeenCalledWith('copy')
    expect(fake.area.remove).toHaveBeenCalled()
  })

  it('answers false, without throwing, when the API refuses and the selection cannot copy', async () => {
    vi.stubGlobal('navigator', {
      clipboard: {
        writeText: async () => {
          throw new DOMException('denied', 'NotAllowedError')
        },
      },
    })
    vi.stubGlobal('document', fakeDocument(false).document)
    expect(await copyText('0xabc')).toBe(false)
  })
})
