// The PostgreSQL pool, with connections kept free for people's work. pg's pool hands out
// connections first come, first served: when agents' runs each send a dozen context reads
// at once, they fill the pool, and a person's send queues behind all of them. Here the
// background lane (lanes.ts) may hold at most `size - reserve` connections at a time; its
// further requests wait in a queue of their own, so the last `reserve` connections are
// always there for foreground work.
//
// A background transaction that asked the pool for a second connection while it held one
// could wait forever once every background connection was held that way. No transaction in
// server/ does: each one's statements run on its own connection.
import pg from "pg";
import { currentLane } from "./lanes";

type Client = pg.PoolClient;
type Callback = (err: Error | undefined, client?: Client, done?: (release?: Error | boolean) => void) => void;

export class LanePool extends pg.Pool {
  private readonly backgroundLimit: number;
  private backgroundHeld = 0;
  private readonly backgroundWaiting: (() => void)[] = [];
  /** Connections handed to background work and not yet released. */
  private readonly heldByBackground = new Set<Client>();
  /** Connections open, until each has finished closing. */
  private open = 0;
  private allClosed: (() => void) | undefined;

  constructor(config: pg.PoolConfig & { max: number }, reserve: number) {
    super(config);
    // One connection at least for the background, whatever the reserve: agents must progress.
    this.backgroundLimit = Math.max(1, config.max - reserve);
    this.on("release", (_err: Error | undefined, client: Client) => {
      if (this.heldByBackground.delete(client)) this.nextBackground();
    });
    // An idle connection the server closed (a restart, an admin's kill): pg drops it and the
    // next statement opens another. Without a listener, the event would end the process.
    this.on("error", () => {});
    this.on("connect", () => this.open++);
    this.on("remove", () => {
      if (--this.open === 0) this.allClosed?.();
    });
  }

  /**
   * pg's end() resolves once every connection is asked to close, not once it has: a database
   * dropped right after (tests do) would then cut connections still closing, and each would
   * throw. This one resolves when the last has closed.
   */
  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const ended = super.end().then(() => (this.open === 0 ? undefined : new Promise<void>((resolve) => (this.allClosed = resolve))));
    if (!callback) return ended;
    void ended.then(callback);
  }

  /** Background connections held and waiting (for tests and diagnostics). */
  get background(): { held: number; waiting: number; limit: number } {
    return { held: this.backgroundHeld, waiting: this.backgroundWaiting.length, limit: this.backgroundLimit };
  }

  // pg's `query` checks a connection out through `connect(callback)`, and Prisma's adapter
  // calls `query` for single statements and `connect()` for transactions: both pass here.
  override connect(): Promise<Client>;
  override connect(callback: Callback): void;
  override connect(callback?: Callback): Promise<Client> | void {
    if (currentLane() === "foreground") return callback ? super.connect(callback) : super.connect();
    const tracked = this.takeBackgroundTurn()
      .then(() => super.connect())
      .then(
        (client) => {
          this.heldByBackground.add(client);
          return client;
        },
        (err: Error) => {
          this.nextBackground(); // the turn was taken, but no connection came of it
          throw err;
        },
      );
    if (!callback) return tracked;
    tracked.then(
      (client) => callback(undefined, client, client.release.bind(client)),
      (err: Error) => callback(err),
    );
  }

  private takeBackgroundTurn(): Promise<void> {
    if (this.backgroundHeld < this.backgroundLimit) {
      this.backgroundHeld++;
      return Promise.resolve();
    }
    // The turn passes straight from the releasing holder: `backgroundHeld` stays the same.
    return new Promise((go) => this.backgroundWaiting.push(go));
  }

  private nextBackground(): void {
    const go = this.backgroundWaiting.shift();
    if (go) go();
    else this.backgroundHeld--;
  }
}
