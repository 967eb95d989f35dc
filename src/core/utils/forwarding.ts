/**
 * An API object for lazily loaded code: `own` members answer at once (state, listeners); any other member loads the
 * implementation and calls it, one level of nesting included (`mfa.enrollTotp.init()`). The member names live only
 * in the types and the lazy chunk, so the first load carries none of them.
 */
type Member = (...args: unknown[]) => unknown

/** Never forwarded: symbols (iteration, inspection), and what makes an object a promise or JSON-serialisable. */
const isForwardable = (name: string | symbol): name is string => typeof name === 'string' && name !== 'then' && name !== 'toJSON'

export function forwarding<T>(own: object, load: () => Promise<object>): T {
  const call =
    (path: string[]) =>
    async (...args: unknown[]) => {
      const holder = path.length > 1 ? ((await load()) as Record<string, Record<string, Member>>)[path[0]!]! : ((await load()) as Record<string, Member>)
      return (holder[path.at(-1)!] as Member)(...args)
    }
  const member = (name: string) =>
    new Proxy(call([name]), {
      get: (method, inner) => (isForwardable(inner) && !(inner in method) ? call([name, inner]) : method[inner as keyof typeof method]),
    })
  return new Proxy(own, { get: (target, name) => (name in target || !isForwardable(name) ? target[name as keyof typeof target] : member(name)) }) as T
}
