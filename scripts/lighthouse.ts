// `npm run lighthouse`: Lighthouse (mobile emulation, simulated slow 4G and CPU) on Home, Trade and Mine, logged
// in as the demo user, against the built app served as `npm start` serves it. Prints category scores and key
// metrics against the targets in docs/decisions.md; writes the full reports under reports/. Figures, not verdicts.
// `--runs 3` measures each page three times and reports the median run (by performance score): on a shared
// machine one run's score swings by several points.
import { mkdirSync, writeFileSync } from "node:fs";

import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import puppeteer from "puppeteer-core";

import { startServerProcess } from "../tests/e2e/server-process";
import { CHROME_ARGS, chromePath } from "./browser.mjs";

const targets: Record<string, Record<string, number>> = {
  home: { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 },
  trade: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
  mine: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
};
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
];

const runsAt = process.argv.indexOf("--runs");
const runs = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 1;

const server = await startServerProcess({ RATE_LIMIT_SCALE: "100" });
const chrome = await chromeLauncher.launch({ chromePath: await chromePath(), chromeFlags: CHROME_ARGS });
try {
  const login = await fetch(`${server.baseUrl}/api/login/index`, {
    method: "POST",
    body: new URLSearchParams({ account: "demo", password: "demo1234" }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const products = ((await (await fetch(`${server.baseUrl}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> })
    .data;
  const pages = {
    home: `${server.baseUrl}/h5/#/`,
    trade: `${server.baseUrl}/h5/#/pages/trade/trade?pid=${products[0]!.id}`,
    mine: `${server.baseUrl}/h5/#/pages/user/user`,
  };

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  // logged in as the app itself stores it; Lighthouse is told not to reset storage between runs
  await page.goto(pages.home);
  await page.evaluate((value) => localStorage.setItem("token", value), token);

  mkdirSync("reports", { recursive: true });
  for (const [name, url] of Object.entries(pages)) {
    const results: RunnerResult[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, { output: ["html", "json"], logLevel: "error", disableStorageReset: true }, undefined, page);
      if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
      results.push(result);
    }
    const performanceOf = (result: RunnerResult) => result.lhr.categories.performance?.score ?? 0;
    const result = [...results].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor(results.length / 2)]!;
    const [html, json] = result.report as string[];
    writeFileSync(`reports/lighthouse-${name}.html`, html!);
    writeFileSync(`reports/lighthouse-${name}.json`, json!);
    const { categories, audits } = result.lhr;
    console.log(`\n${name}  ${url}`);
    for (const [id, category] of Object.entries(categories)) {
      const score = Math.round((category.score ?? 0) * 100);
      const target = targets[name]![id];
      console.log(
        `  ${category.title.padEnd(16)} ${String(score).padStart(4)}   target ≥ ${target ?? "-"}${target !== undefined && score < target ? "   BELOW TARGET" : ""}`,
      );
    }
    for (const id of METRICS) console.log(`  ${audits[id]!.title.padEnd(26)} ${audits[id]!.displayValue ?? ""}`);
    if (runs > 1) {
      const each = results.map(
        (one) => `${Math.round(performanceOf(one) * 100)} (TBT ${one.lhr.audits["total-blocking-time"]!.displayValue})`,
      );
      console.log(`  the median of ${runs} runs: ${each.join(", ")}`);
    }
    const failing = Object.values(categories)
      .filter((category) => category.id !== "performance")
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id));
    if (failing.length) console.log(`  to fix: ${[...new Set(failing)].join(", ")}`);
  }
  await browser.disconnect();
  console.log(`\nFull reports: reports/lighthouse-{home,trade,mine}.html`);
} finally {
  chrome.kill();
  await server.stop();
}
