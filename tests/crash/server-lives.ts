import { type ServerProcess, startServerProcess } from "../e2e/server-process";

export const CRASH_OPS_TOKEN = "crash-ops-token";

/**
 * One data folder, several server processes in a row: each "life" ends in a SIGKILL (or, the last one, a
 * normal stop) and the next starts on the same folder. Clients ask `whenUp()` for the current address and
 * wait while the server is down, as a real app would keep retrying.
 */
export class ServerLives {
  private current: ServerProcess | null = null;
  private up: Promise<string>;
  private markUp!: (baseUrl: string) => void;
  readonly startSeconds: number[] = [];
  /** the output of every server that died on its own (not by our kill or stop): always a finding */
  readonly unexpectedExits: string[] = [];
  /** when each kill happened and when the next server was up again (Unix seconds) */
  readonly downtimes: Array<{ from: number; to: number }> = [];
  lives = 0;
  private readonly logs: string[] = [];
  private reportDeath!: (error: Error) => void;
  /** rejects the first time a server dies without being killed: the test races its steps against it */
  readonly died = new Promise<never>((_, reject) => (this.reportDeath = reject));

  /** `env` joins the server's environment: a DATABASE_URL puts every life on one PostgreSQL instead of PGlite */
  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.up = this.nextUp();
    this.died.catch(() => undefined); // observed by whoever races against it
  }

  private nextUp() {
    return new Promise<string>((resolve) => (this.markUp = resolve));
  }

  async start(): Promise<void> {
    const started = Date.now();
    this.current = await startServerProcess(
      // tiny backfill for a quick first start; rate limits out of the way of a few busy clients on one IP;
      // the seeded demo account is the customers' inviter
      { OPS_TOKEN: CRASH_OPS_TOKEN, BACKFILL_MINUTE_DAYS: "0.02", RATE_LIMIT_SCALE: "1000", SEED_DEMO: "1", ...this.env },
      { dataDir: this.dataDir },
    );
    const server = this.current;
    server.child.once("exit", (code, signal) => {
      if (this.current !== server) return;
      const message = `server of life ${this.lives} exited by itself (${code ?? signal}):\n${server.output().slice(-4000)}`;
      this.unexpectedExits.push(message);
      this.reportDeath(new Error(message));
    });
    const openDowntime = this.downtimes.at(-1);
    if (openDowntime && openDowntime.to === 0) openDowntime.to = Date.now() / 1000;
    this.lives++;
    this.startSeconds.push((Date.now() - started) / 1000);
    this.markUp(this.current.baseUrl);
  }

  whenUp(): Promise<string> {
    return this.up;
  }

  /** SIGKILL: whatever was in flight is cut off mid-way. New requests wait for the next start. */
  async kill(): Promise<void> {
    const server = this.takeDown();
    this.downtimes.push({ from: Date.now() / 1000, to: 0 });
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
  }

  /** The normal shutdown (SIGTERM), so the folder can be opened by the test afterwards. */
  async stop(): Promise<void> {
    const server = this.takeDown();
    await server.stop();
  }

  /** The end of every life's output, for a failure message. */
  logTails(): string {
    const all = [...this.logs, this.current?.output() ?? ""];
    return all.map((log, i) => `--- life ${i + 1} ---\n${log.slice(-3000)}`).join("\n");
  }

  private takeDown(): ServerProcess {
    const server = this.current;
    if (!server) throw new Error("the server is already down");
    this.current = null;
    this.logs.push(server.output());
    this.up = this.nextUp();
    return server;
  }
}
