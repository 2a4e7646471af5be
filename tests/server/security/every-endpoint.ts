import type { z } from "zod";

import { endpoints, type EndpointSpec } from "#contract/endpoints";
import * as opsContract from "#contract/ops";
import { opsStreamEndpoints } from "#contract/ops-stream-endpoints";

/**
 * Every endpoint of the contract, read from the contract's own tables: the user endpoints and every operator
 * group exported by contract/ops.ts. A new endpoint (or a new operator group) is fuzzed and checked without
 * anyone remembering to list it here.
 */
export interface NamedEndpoint extends EndpointSpec {
  key: string;
}

const isEndpoint = (value: unknown): value is EndpointSpec =>
  typeof value === "object" && value !== null && "path" in value && "method" in value && "request" in value && "auth" in value;

function fromGroup(group: unknown): NamedEndpoint[] {
  if (typeof group !== "object" || group === null) return [];
  return Object.entries(group).flatMap(([key, spec]) => (isEndpoint(spec) ? [{ ...spec, key }] : []));
}

export const userEndpoints: NamedEndpoint[] = fromGroup(endpoints);
export const opsEndpointList: NamedEndpoint[] = [...Object.values(opsContract), opsStreamEndpoints].flatMap(fromGroup);
export const everyEndpoint: NamedEndpoint[] = [...userEndpoints, ...opsEndpointList];

/**
 * Routes the server serves outside the contract table (multipart upload, file download, docs): listed so the
 * inventory test can tell a forgotten endpoint from a known one.
 */
export const routesOutsideContract = [
  "POST /api/user/uploadfile",
  "GET /api/files/:name",
  "GET /api/ops/files/:name",
  "GET /api/ops/channel-qr/:id",
  "GET /api/docs",
];

/** The top-level field names of a request schema (objects, refined objects and piped objects). */
export function fieldsOf(schema: z.ZodType): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    const shape = (current as { shape?: Record<string, unknown> }).shape;
    if (shape) return Object.keys(shape);
    const def = (current as { _zod?: { def?: { in?: unknown; innerType?: unknown } } })._zod?.def;
    current = def?.in ?? def?.innerType;
  }
  return [];
}

/**
 * "METHOD /path" for every route the app serves, read from Fastify's route tree (HEAD, which Fastify adds to
 * every GET, is left out). Lines look like `│   └── _record (GET, HEAD)`: the depth of the branch says which
 * parent the segment continues.
 */
export function servedRoutes(printedTree: string): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of printedTree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : "") + match[2]!;
    parents[depth] = path;
    for (const method of (match[3] ?? "").split(", ").filter((m) => m && m !== "HEAD")) routes.push(`${method} ${path}`);
  }
  return routes;
}
