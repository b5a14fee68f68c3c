export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; undefined when the body is not JSON. */
  json: unknown;
}

/** Real HTTP over loopback with fetch; raw bodies allowed, to send malformed JSON on purpose. */
export class HttpTestClient {
  constructor(private readonly baseUrl: string) {}

  get(path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request('POST', path, JSON.stringify(body), {
      'Content-Type': 'application/json',
      ...headers,
    });
  }

  postRaw(path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<TestResponse> {
    return this.request('POST', path, body, headers);
  }

  async request(
    method: string,
    path: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<TestResponse> {
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }
}
