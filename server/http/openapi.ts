import { z } from "zod";

import { allEndpoints } from "#contract/all-endpoints";
import type { EndpointSpec } from "#contract/endpoints";

/** OpenAPI 3.1 generated from the contract table, so the docs are the schemas the server enforces. */
export function buildOpenApi(): object {
  const paths: Record<string, Record<string, object>> = {};
  const all: EndpointSpec[] = Object.values(allEndpoints);
  for (const spec of all) {
    const schema = z.toJSONSchema(spec.request, { io: "input", unrepresentable: "any" });
    const operation: Record<string, unknown> = {
      summary: spec.roles ? `${spec.summary} (roles: ${[...new Set(["admin", ...spec.roles])].join(", ")})` : spec.summary,
      security:
        spec.auth === "user"
          ? [{ token: [] }]
          : spec.auth === "optional"
            ? [{}, { token: [] }]
            : spec.auth === "ops"
              ? [{ opsToken: [] }, { opsSession: [] }]
              : [],
      responses: {
        "200": { description: "Envelope {code: 1, msg, data}" },
        "400": { description: "Malformed input: {code: 0, msg, err}" },
        "401": { description: "Login required: {code: 401, msg, err}" },
        "422": { description: "Refused by a rule: {code: 0, msg, err}" },
      },
    };
    if (spec.method === "GET") {
      const properties = (schema as { properties?: Record<string, object> }).properties ?? {};
      const required = new Set((schema as { required?: string[] }).required ?? []);
      operation.parameters = Object.entries(properties).map(([name, property]) => ({
        name,
        in: "query",
        required: required.has(name),
        schema: property,
      }));
    } else {
      operation.requestBody = { content: { "application/x-www-form-urlencoded": { schema } } };
    }
    paths[spec.path] = { ...paths[spec.path], [spec.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Trading PWA API", version: "1" },
    components: {
      securitySchemes: {
        token: { type: "apiKey", in: "header", name: "token" },
        opsToken: { type: "apiKey", in: "header", name: "ops-token" },
        opsSession: { type: "apiKey", in: "cookie", name: "ops_session" },
      },
    },
    paths,
  };
}
