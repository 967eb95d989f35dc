// madge ships no types: the part of its API the import-cycle test uses.
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string
    fileExtensions?: string[]
    tsConfig?: string
    excludeRegExp?: RegExp[]
    detectiveOptions?: Record<string, Record<string, unknown>>
  }
  interface MadgeResult {
    /** Each file and the files it imports. */
    obj(): Record<string, string[]>
    /** Each cycle as the files along it. */
    circular(): string[][]
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>
}
