/** Email checks shared by the flow and the UI (sign-in spec, "Validation rules": "Email"). */
const localPart = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+)*`
const domain = String.raw`(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}`
const ipv4 = String.raw`(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`
const emailPattern = new RegExp(`^${localPart}@(?:${domain}|\\[${ipv4}\\])$`)

/** `local@domain.tld` or `local@[192.0.2.1]`. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email.trim())
}

/** True for `name+tag@domain`: apps may disallow such addresses. */
export function hasPlusAddress(email: string): boolean {
  return email.trim().split('@')[0]?.includes('+') ?? false
}
