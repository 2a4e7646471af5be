import WebSocket from "ws";

import { backoffDelay, type BackoffOptions } from "./backoff";

export interface ReconnectingSocketOptions {
  url: string;
  /** each text message as it arrives */
  onMessage: (text: string) => void;
  log: (message: string) => void;
  /** waits between attempts after a connection is lost or refused: doubling, capped, jittered */
  backoff: BackoffOptions;
  /** a connection that hears nothing (no message, no pong) for this long is dropped and opened again */
  heartbeatMs: number;
  random?: () => number;
}

/**
 * One WebSocket kept open: when it closes, fails or goes quiet (no answer to a ping within the heartbeat), a
 * new one is opened after a backoff that grows with each failed attempt and starts over once a message
 * arrives. It never gives up until stopped.
 */
export class ReconnectingSocket {
  /** connections opened so far */
  opened = 0;
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private heardSincePing = false;
  private stopped = false;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  start(): void {
    this.open();
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private open(): void {
    if (this.stopped) return;
    this.opened++;
    const socket = new WebSocket(this.options.url, { handshakeTimeout: 10_000 });
    this.socket = socket;
    const heard = () => (this.heardSincePing = true);
    socket.on("open", () => {
      heard();
      this.heartbeat = setInterval(() => this.checkAlive(socket), this.options.heartbeatMs);
    });
    socket.on("message", (data, isBinary) => {
      heard();
      // a message proves the connection works: the next loss starts the backoff over
      this.attempt = 0;
      if (!isBinary) this.options.onMessage(data.toString());
    });
    socket.on("ping", heard);
    socket.on("pong", heard);
    socket.on("error", (error) => this.options.log(`feed source ${this.options.url}: ${error.message}`));
    socket.on("close", () => {
      clearInterval(this.heartbeat);
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleRetry();
    });
  }

  private checkAlive(socket: WebSocket): void {
    if (!this.heardSincePing) {
      this.options.log(`feed source ${this.options.url}: no answer within ${this.options.heartbeatMs} ms, reconnecting`);
      socket.terminate();
      return;
    }
    this.heardSincePing = false;
    socket.ping();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt++, this.options.backoff, this.options.random);
    this.options.log(`feed source ${this.options.url}: disconnected, retrying in ${delay} ms`);
    this.retry = setTimeout(() => this.open(), delay);
  }

  /** Closes the connection for good; resolves once it is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once("close", () => resolve());
      socket.terminate();
    });
  }
}
