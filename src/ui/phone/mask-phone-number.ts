/** Document 1 §5 "Display rules": phone numbers are masked to their last 4 digits. */
export function maskPhoneNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, '')
  if (digits.length <= 4) return phoneNumber
  return `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`
}
