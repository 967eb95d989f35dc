/** `t(key, values)` over one copy table: the string for `key` with `{name}` placeholders filled in. */
export function translator<Table extends Readonly<Record<string, string>>>(table: Table) {
  return (key: keyof Table & string, values: Record<string, string | number> = {}): string =>
    table[key]!.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
