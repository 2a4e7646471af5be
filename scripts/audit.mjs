#!/usr/bin/env node
/**
 * npm audit of the production dependencies: fails on any high or critical advisory.
 *
 * Some registries (mirrors, proxies) do not offer npm's bulk advisory endpoint and answer it with an HTTP error
 * (405 Method Not Allowed, 404…). Then nothing can be checked: the script says so plainly and exits 0, so a
 * machine without the endpoint is not mistaken for a vulnerable one, while every other failure still fails.
 */
import { spawnSync } from "node:child_process";

const result = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
  encoding: "utf8",
  shell: process.platform === "win32",
});
if (result.error) {
  console.error(`audit: could not run npm: ${result.error.message}`);
  process.exit(2);
}

let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(`audit: npm audit gave no JSON report (exit ${result.status})\n${result.stderr}`);
  process.exit(2);
}

// npm prints the failed HTTP exchange instead of a report when the endpoint itself refuses
const endpointRefused =
  typeof report.statusCode === "number" && /\/-\/npm\/v1\/security\/(advisories\/bulk|audits)/.test(String(report.uri ?? ""));
if (endpointRefused) {
  console.log(`audit endpoint unavailable from this registry (${report.message ?? report.statusCode}): nothing was checked`);
  process.exit(0);
}
if (report.error && !report.metadata) {
  console.error(`audit: npm audit failed: ${report.error.summary || report.message || JSON.stringify(report.error)}`);
  process.exit(2);
}

const counts = report.metadata?.vulnerabilities ?? {};
const high = counts.high ?? 0;
const critical = counts.critical ?? 0;
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === "high" || v.severity === "critical");
for (const v of serious) {
  const via = v.via.map((item) => (typeof item === "string" ? item : `${item.title} (${item.url})`)).join("; ");
  console.log(`${v.severity.padEnd(8)} ${v.name}@${v.range}: ${via}${v.fixAvailable ? "  [fix available]" : ""}`);
}
console.log(
  `audit (production dependencies): ${critical} critical, ${high} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
process.exit(high + critical > 0 ? 1 : 0);
