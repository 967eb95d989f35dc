// The watch callbacks' shapes, apart from core/types.ts so the folders' own types can use them without importing it.

export type Unsubscribe = () => void
export type Listener<T> = (value: T, previous: T) => void
