// The two calls of fs-native-extensions the data-directory lock uses (the package ships no types).
declare module 'fs-native-extensions' {
  /** Takes an exclusive (or shared) OS lock on the open file without waiting; false when another holder has it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean
  export function unlock(fd: number): void
}
