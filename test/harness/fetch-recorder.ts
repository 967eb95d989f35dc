/** Wraps `globalThis.fetch` to record every request (method, URL, headers, body) and its status. */
export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  body: unknown
  /** Resolves with the response status and parsed body, or null when the request failed. */
  response: Promise<{ status: number; body: unknown } | null>
}

export interface FetchRecorder {
  requests: RecordedRequest[]
  restore(): void
}

function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function recordFetch(): FetchRecorder {
  const original = globalThis.fetch
  const requests: RecordedRequest[] = []
  const recorded: typeof fetch = async (input, init) => {
    // Build the request the way fetch would, so headers passed in `init` win over the Request's.
    const request = new Request(input, init)
    const body = request.body ? parseBody(await request.clone().text()) : undefined
    const response = original(request)
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body,
      response: response.then(
        async (r) => ({ status: r.status, body: parseBody(await r.clone().text()) }),
        () => null,
      ),
    })
    return response
  }
  globalThis.fetch = recorded
  return {
    requests,
    restore: () => {
      globalThis.fetch = original
    },
  }
}
