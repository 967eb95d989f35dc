/** Where a passkey was created, as far as the User-Agent header tells (device, OS, browser); null when unknown. */
export interface CreatedWith {
  created_with_device: string | null
  created_with_os: string | null
  created_with_browser: string | null
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS also says Mac OS X.
const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac OS'],
  [/CrOS/, 'Chrome OS'],
  [/Linux/, 'Linux'],
]
const devices: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android.*Mobile/, 'Android phone'],
  [/Android/, 'Android tablet'],
  [/Macintosh/, 'Mac'],
]

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null

export function createdWith(userAgent: string | undefined): CreatedWith {
  const ua = userAgent ?? ''
  return { created_with_device: first(ua, devices), created_with_os: first(ua, systems), created_with_browser: first(ua, browsers) }
}
