// The quotes baseline of `npm run bench`, run as its own process like the server: a bare Fastify route that
// answers a constant JSON body (BASELINE_BODY_FILE) through the app's own compression settings, and nothing
// else (no hooks, no rate limit, no headers of the app). Prints LISTENING <port>.
import { readFileSync } from "node:fs";

import fastifyCompress from "@fastify/compress";
import Fastify from "fastify";

import { compressOptions } from "#server/http/compression";

const body = readFileSync(process.env.BASELINE_BODY_FILE!, "utf8");
const app = Fastify({ logger: false });
await app.register(fastifyCompress, compressOptions);
app.get("/constant", async (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`LISTENING ${typeof address === "object" && address ? address.port : 0}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
