/** Hides every digit but the last 4 (sign-in spec, "Validation rules": "Display rules"), keeping the number's own punctuation. */
export function maskPhoneNumber(phoneNumber: string, mask = '•'): string {
  let visible = 4
  const characters = [...phoneNumber]
  for (let i = characters.length - 1; i >= 0; i--) {
    if (!/\d/.test(characters[i]!)) continue
    if (visible > 0) visible--
    else characters[i] = mask
  }
  return characters.join('')
}
