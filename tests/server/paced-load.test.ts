import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, expect, it } from "vitest";

import { pacedLoad } from "../bench/paced-load";

// The bench's fixed-rate generator (tests/bench/paced-load.ts): the figures it prints are only as good as
// what it sends and counts.
let server: Server;
let baseUrl = "";
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push(`${request.method} ${request.url} ${request.headers.token ?? ""} ${body}`);
      response.statusCode = request.url === "/refused" ? 503 : 200;
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("sends rate × (warm-up + run) requests as built, and counts only the run's answers and refusals", async () => {
  const figures = await pacedLoad([baseUrl], 40, 1, (i) =>
    i % 4 === 3
      ? { method: "POST", path: "/refused", headers: { token: `user-${i}` }, body: `n=${i}` }
      : { method: "GET", path: `/ok?i=${i}` },
  );
  // one second of warm-up and one of run at 40 a second
  expect(received).toHaveLength(80);
  expect(received).toContain("POST /refused user-3 n=3");
  expect(received).toContain("GET /ok?i=78  ");
  // the warm-up's ten refusals are left out, the run's ten counted
  expect(figures.non2xx).toBe(10);
  expect(figures.errors).toBe(0);
  expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
});
