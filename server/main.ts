import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { buildConsoleIfNeeded, buildPwaIfNeeded } from "./build-pwa";
import { pgliteFolder, readConfig } from "./config";
import { openDatabase } from "./db/client";
import { DEMO_ACCOUNT, DEMO_PASSWORD, DEMO_PAY_PASSWORD, seedOnce } from "./db/seed";
import { vapidKeys } from "./db/vapid-keys";
import { buildApp } from "./http/app";
import { translate } from "./http/i18n";
import { electLeader, soleLeader } from "./jobs/leader";
import { createPushSender } from "./jobs/push";
import { RoundTimings } from "./jobs/round-timings";
import { startJobs } from "./jobs/runner";
import { SETTLEMENT_BATCH } from "./jobs/settlement";
import { reportEventLoop } from "./loop-report";
import { BinanceSource } from "./market/binance-source";
import { PriceFeed } from "./market/feed";
import { SimulatedProvider } from "./market/provider";
import { seedProducts } from "./market/seed-products";
import { encodeTicks, QUOTES_CHANNEL } from "./market/tick-notices";
import { hashPassword } from "./modules/accounts/passwords";
import { EVERYTHING, sessionCache, SESSIONS_CHANNEL } from "./modules/accounts/session-cache";
import { logSmsSender } from "./modules/accounts/sms";
import { seedContent } from "./modules/content/service";
import { type ServiceContext, systemClock } from "./modules/context";
import { seedPlans } from "./modules/finance/service";
import { seedTranslations } from "./modules/localized-texts/seed-translations";
import { prepareFirstOperator } from "./modules/operators/setup-file";
import { seedDepositChannels } from "./modules/recharge/seed-channels";
import { onShutdownSignal } from "./shutdown";

/**
 * The machine credential for scripts: OPS_TOKEN when set. None is generated any more (people sign in to the
 * console by name); a token file an earlier version wrote into the data folder keeps working until removed.
 */
function loadOpsToken(dataDir: string, fromEnv?: string): { token?: string; source: string } {
  if (fromEnv) return { token: fromEnv, source: "OPS_TOKEN" };
  const file = join(dataDir, "ops-token");
  if (existsSync(file))
    return { token: readFileSync(file, "utf8").trim(), source: `${file} (left by an earlier version; remove it to turn it off)` };
  return { source: "none (set OPS_TOKEN for `npm run ops` and scripts)" };
}

async function main() {
  const config = readConfig();
  if (process.argv.includes("--build-if-needed")) {
    await buildPwaIfNeeded(config.distDir);
    await buildConsoleIfNeeded(config.consoleDir);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : pgliteFolder(config),
  });
  const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);
  const ctx: ServiceContext = { db: database.db, now: systemClock, log };
  // two processes starting together on one PostgreSQL must not both seed: one waits for the other
  await database.exclusive(() => seedFirstStart(ctx, config, log));
  // made once, at the first start, and kept: the customers' push subscriptions are bound to the public key
  await vapidKeys(database.db);
  const leadership = config.databaseUrl ? await electLeader({ databaseUrl: config.databaseUrl, log }) : soleLeader();
  const feed = new PriceFeed({
    db: database.jobsDb,
    // every live tick comes from the CSPRNG: no seed exists that would let a customer replay the feed
    provider: new SimulatedProvider(),
    now: systemClock,
    log,
    retentionSeconds: config.tickRetentionSeconds,
    backfillMinuteDays: config.backfillMinuteDays,
    // other processes quote and open orders at the recorder's prices the moment they are recorded
    publish: async (ticks) => {
      for (const payload of encodeTicks(ticks)) await database.notify(QUOTES_CHANNEL, payload);
    },
    // products whose feed_source names an exchange; only the job leader connects
    live: { binance: new BinanceSource({ url: config.binanceWsUrl, nowMs: Date.now, log }) },
  });
  const uploadsDir = join(config.dataDir, "uploads");
  const rounds = config.loopReportSeconds > 0 ? new RoundTimings() : undefined;
  if (rounds) reportEventLoop({ everySeconds: config.loopReportSeconds, rounds, log });
  const jobs = await startJobs({
    db: database.jobsDb,
    feed,
    now: systemClock,
    log,
    leadership,
    uploadsDir,
    listen: (onMessage) => database.listen(QUOTES_CHANNEL, onMessage),
    settlementBatch: SETTLEMENT_BATCH[database.kind],
    rounds,
    signInRetentionDays: config.signInRetentionDays,
    push: createPushSender({ db: database.jobsDb, translate, subject: config.pushSubject, log }),
  });
  // sessions ended through another process are forgotten here too; any notice missed, everything is
  const stopSessionNotices = await database.listen(
    SESSIONS_CHANNEL,
    (notice) => sessionCache.forget(notice),
    () => sessionCache.forget(EVERYTHING),
  );
  const opsToken = loadOpsToken(config.dataDir, config.opsToken);
  // no operator is ever seeded with a known password: the first admin comes from a one-time code in a file
  const setupFile = await database.exclusive(() => prepareFirstOperator(ctx.db, config.dataDir));
  const app = await buildApp({
    ctx,
    sms: logSmsSender(log),
    opsToken: opsToken.token,
    feed,
    uploadsDir,
    distDir: config.distDir,
    consoleDir: config.consoleDir,
    rateLimitScale: config.rateLimitScale,
    listen: database.listen,
    sharedRateLimits: database.kind === "postgres",
    processInfo: { database: database.kind, isLeader: () => leadership.isLeader() },
    pushEndpointOrigins: config.pushEndpointOrigins,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`App:        http://${config.host}:${port}/h5/`);
  console.log(`API docs:   http://${config.host}:${port}/api/docs`);
  console.log(`Prices:     ${pricesLine(feed)}`);
  console.log(`Database:   ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteFolder(config)}`}`);
  console.log(
    `Jobs:       ${leadership.isLeader() ? "this process runs them" : "another process runs them (this one takes over if it stops)"}`,
  );
  console.log(`Console:    http://${config.host}:${port}/ops/`);
  if (config.seedDemo) console.log(`Demo login: ${DEMO_ACCOUNT} / ${DEMO_PASSWORD} (fund password ${DEMO_PAY_PASSWORD})`);
  if (setupFile) {
    // where the code is, never the code itself
    console.log(`Ops setup:  no operator yet; a one-time setup code is in ${setupFile} (mode 0600). Open the console`);
    console.log(`            (or POST /api/ops/setup) with it to create the first admin; it works only while no operator exists`);
  }
  console.log(`Ops token:  ${opsToken.source}`);
  console.log(`LISTENING ${port}`);

  onShutdownSignal(log, async () => {
    // stop taking connections and let in-flight requests answer; the feed keeps recording meanwhile, so an
    // order still being placed gets a fresh price rather than a stale-quote refusal
    await app.close();
    // then no new job round, and the one under way finishes
    await jobs.stop();
    await feed.close();
    await stopSessionNotices();
    // only then give up the job lock, so the next leader never overlaps a round of ours
    await leadership.stop();
    await database.close();
  });
}

/** What the start-up output says about the products' price sources. */
function pricesLine(feed: PriceFeed): string {
  const real = [...feed.products.values()].filter((product) => !feed.isSimulated(product.id));
  const simulated = feed.products.size - real.length;
  if (real.length === 0) return `simulated feed (not real market data), ${simulated} products`;
  const sources = real.map((product) => `${product.code} from ${feed.sourceLabel(product.id)}`).join(", ");
  return `${sources}; ${simulated} products simulated (not real market data)`;
}

/**
 * First-start data, each part once per database. The catalogue (products, deposit channels, plans, their
 * translations, home content) is what any platform starts from; the demo customer only with SEED_DEMO.
 */
async function seedFirstStart(ctx: ServiceContext, demo: { seedDemo: boolean; seedDemoVerified: boolean }, log: (message: string) => void) {
  if (await seedProducts(ctx.db)) log("seeded products and their ticket settings");
  if (await seedDepositChannels(ctx.db)) log("seeded deposit channels");
  if (await seedPlans(ctx)) log("seeded yuebao plans");
  // every start: a database seeded before names had translations gets them once
  await seedTranslations(ctx.db);
  if (await seedContent(ctx)) log("seeded home content");
  if (!demo.seedDemo) return;
  const seeded = await seedOnce(
    ctx,
    { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) },
    { verified: demo.seedDemoVerified },
  );
  if (seeded) log("seeded the demo customer");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
