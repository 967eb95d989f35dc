/** Shared by the benchmark's tables. */

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`

/** A markdown table: measure, value, detail. */
export function printTable(rows: [string, string, string][]) {
  const header: [string, string, string] = ['Measure', 'Value', 'Detail']
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}
