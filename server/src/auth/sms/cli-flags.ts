import { commaList, parseBoolean, textFlag, UsageError } from '../../apps/cli-flag-parsing.js'
import type { LoginMethodCliFlags } from '../login-method.js'

const options = { whatsapp: textFlag, 'sms-unsupported-regions': textFlag } as const

export const smsCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: `  --whatsapp[=false], --sms-unsupported-regions RU,CN ('' clears)`,
  options,
  booleans: ['whatsapp'],
  toInput(values) {
    const regions = commaList(values['sms-unsupported-regions'])
    for (const region of regions ?? [])
      if (!/^[A-Za-z]{2}$/.test(region)) throw new UsageError(`--sms-unsupported-regions: '${region}' is not an ISO 3166 alpha-2 region`)
    return { whatsappEnabled: parseBoolean('whatsapp', values.whatsapp), smsUnsupportedRegions: regions?.map((region) => region.toUpperCase()) }
  },
}
