import { describe, expect, it } from 'vitest'
import { captchaCopy } from '../captcha.js'
import { cloudRecoveryCopy } from '../cloud-recovery.js'
import { codeCopy } from '../code.js'
import { crossAppCopy } from '../cross-app.js'
import { delegationCopy } from '../delegation.js'
import { embeddedWalletsCopy } from '../embedded-wallets.js'
import { copy } from '../en.js'
import { errorCopy } from '../errors.js'
import { farcasterSignerCopy } from '../farcaster-signer.js'
import { farcasterCopy } from '../farcaster.js'
import { fundingCopy } from '../funding.js'
import { infoCopy } from '../info.js'
import { keyExportCopy } from '../key-export.js'
import { loadLocaleTable, shippedLocales } from '../locale.js'
import type { CopyKey } from '../locale-table.js'
import { mfaCopy } from '../mfa.js'
import { oauthCopy } from '../oauth.js'
import { passkeyCopy } from '../passkey.js'
import { passwordCopy } from '../password.js'
import { phoneCopy } from '../phone.js'
import { telegramCopy } from '../telegram.js'
import { termsCopy } from '../terms.js'
import { transactionsCopy } from '../transactions.js'
import { transferCopy } from '../transfer.js'
import { userPillCopy } from '../user-pill.js'
import { walletsCopy } from '../wallets.js'

// Every English table, as CopyKey names them (locale-table.ts): a table missing here leaves its keys unchecked.
const english: Record<CopyKey, string> = {
  ...copy,
  ...captchaCopy,
  ...cloudRecoveryCopy,
  ...codeCopy,
  ...crossAppCopy,
  ...delegationCopy,
  ...embeddedWalletsCopy,
  ...errorCopy,
  ...farcasterSignerCopy,
  ...farcasterCopy,
  ...fundingCopy,
  ...infoCopy,
  ...keyExportCopy,
  ...mfaCopy,
  ...oauthCopy,
  ...passkeyCopy,
  ...passwordCopy,
  ...phoneCopy,
  ...telegramCopy,
  ...termsCopy,
  ...transactionsCopy,
  ...transferCopy,
  ...userPillCopy,
  ...walletsCopy,
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('shipped locale tables', () => {
  it('ships Spanish, French, German, Japanese and Arabic', () => {
    expect([...shippedLocales].sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja'])
  })

  describe.each(shippedLocales)('%s', (locale) => {
    it('has exactly the English keys', async () => {
      const table = await loadLocaleTable(locale)
      const keys = Object.keys(english)
      expect(Object.keys(table).filter((key) => !(key in english))).toEqual([])
      expect(keys.filter((key) => !(key in table))).toEqual([])
    })

    it('keeps every {placeholder} of each key, and translates into a non-empty text', async () => {
      const table = await loadLocaleTable(locale)
      const mismatched = Object.entries(english).flatMap(([key, text]) => {
        const translated = table[key as CopyKey]
        if (typeof translated !== 'string' || translated.trim() === '') return [`${key}: empty`]
        return placeholders(translated).join() === placeholders(text).join()
          ? []
          : [`${key}: ${placeholders(translated).join()} ≠ ${placeholders(text).join()}`]
      })
      expect(mismatched).toEqual([])
    })
  })
})
