// Timing HTTP requests against a running club: medians of interleaved requests,
// and throughput under concurrent connections (autocannon).
import autocannon from "autocannon";
import { interleaved } from "./report";

export async function logIn(baseURL: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: login, password }),
  });
  if (!response.ok) throw new Error(`bench login failed: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** GETs `url` and reads the whole answer; anything but 2xx throws. */
async function fetchWhole(url: string, cookie?: string) {
  const response = await fetch(url, {
    headers: { Accept: "application/json, text/html", ...(cookie ? { Cookie: cookie } : {}) },
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** The last page from a Link header (rel="last"), as a URL. */
export async function lastPageUrl(url: string, cookie: string): Promise<string> {
  const response = await fetchWhole(url, cookie);
  const link = response.headers.get("link") ?? "";
  const last = /<([^>]+)>;\s*rel="last"/.exec(link)?.[1];
  if (!last) throw new Error(`${url} has no rel="last" link: ${link}`);
  return new URL(last, url).toString();
}

/** Median latency of each URL, requests interleaved so both see the same machine. */
export function compareLatency(urls: string[], cookie: string | undefined): Promise<number[]> {
  return interleaved(urls.map((url) => () => fetchWhole(url, cookie)));
}

export async function throughput(url: string, cookie: string | undefined, seconds: number) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { Accept: "application/json, text/html", ...(cookie ? { Cookie: cookie } : {}) },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}
