/** `0x1234…cdef`-style shortening; the core layer keeps 5 and 4 characters (sign-in spec, "Validation rules": "Display rules"). */
export function shortenAddress(address: string, start = 5, end = 4): string {
  return address.length <= start + end + 1 ? address : `${address.slice(0, start)}…${address.slice(-end)}`
}
