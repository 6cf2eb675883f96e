/**
 * Server render time of the dashboard pages, signed in with a sign-in cookie: the time to the last byte of the
 * streamed HTML, p50/p95 over repeated requests after one warm-up. The baseline is a signed-in page that reads no
 * project data (the not-found page: authentication, layout and React rendering only).
 */
import { PROJECT } from "./guidance";
import { latency, type Latency } from "./measure";
import type { BenchServer } from "./server";

const PAGES = { overview: "/", sessions: `/projects/${PROJECT}`, rules: `/projects/${PROJECT}/rules` } as const;
export type PageName = keyof typeof PAGES | "baseline";
const BASELINE = "/bench-page-that-does-not-exist";

export interface PageFigures extends Latency {
  path: string;
  firstMs: number;
}

async function render(server: BenchServer, path: string, status: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: server.cookieHeaders, redirect: "manual" });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== status)
    throw new Error(`GET ${path} answered ${response.status}, expected ${status}: ${html.slice(0, 300)}`);
  return ms;
}

async function measure(server: BenchServer, path: string, requests: number, status = 200): Promise<PageFigures> {
  const firstMs = await render(server, path, status);
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) samples.push(await render(server, path, status));
  return { path, firstMs, ...latency(samples) };
}

export async function measurePages(server: BenchServer, requests: number): Promise<Record<PageName, PageFigures>> {
  return {
    overview: await measure(server, PAGES.overview, requests),
    sessions: await measure(server, PAGES.sessions, requests),
    rules: await measure(server, PAGES.rules, requests),
    baseline: await measure(server, BASELINE, requests, 404),
  };
}
