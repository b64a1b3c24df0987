/**
 * A TCP relay between a client under test (the real oxmysql) and MariaDB, for the faults the real
 * resource has no switches for: `stall()` holds every byte in both directions (a database that
 * stops answering), `refuse()` drops every connection and closes the port (a database that is
 * gone: connection refused), `restore()` listens on the same port again. It also counts the
 * statements clients send, as the stand-in counts the queries it asks.
 */
import { isTableInspection } from './bookkeeping';
import { createServer, connect, type Server, type Socket } from 'node:net';

const COM_QUERY = 0x03;
const COM_STMT_EXECUTE = 0x17;

/**
 * Counts client commands in a MySQL protocol stream: packets are `length(3, LE) seq(1) payload`,
 * and a command is a packet with sequence 0 whose first payload byte names it.
 */
export class CommandCounter {
  private buffered = Buffer.alloc(0);

  constructor(private readonly onCommand: (command: number, text: string) => void) {}

  push(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 4) {
      const length = this.buffered.readUIntLE(0, 3);
      if (this.buffered.length < 4 + length) return;
      const sequence = this.buffered[3];
      const payload = this.buffered.subarray(4, 4 + length);
      if (sequence === 0 && payload.length > 0) this.onCommand(payload[0], payload.subarray(1).toString('utf8'));
      this.buffered = this.buffered.subarray(4 + length);
    }
  }
}

export class TcpRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** The relay's sockets to the database, one per client. */
  private readonly upstreams = new Set<Socket>();
  private stalled = false;
  private readonly held: Array<() => void> = [];
  port = 0;
  /** Statements clients sent (text queries and prepared executions), connection set-up excluded. */
  statements = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on 127.0.0.1 (a free port the first time, the same port after refuse()). */
  async listen(): Promise<void> {
    // Half-open: a side that ends (FIN) is ended on the other side once what it sent is through.
    const server = createServer({ allowHalfOpen: true }, (client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** `url` (a mysql:// URL of the real server) pointed at the relay instead. */
  urlFor(url: string): string {
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(this.port);
    return relayed.toString();
  }

  private relay(client: Socket): void {
    const upstream = connect({ port: this.targetPort, host: this.targetHost, allowHalfOpen: true });
    const counter = new CommandCounter((command, text) => {
      // oxmysql sets the isolation level on every new pool connection: set-up, not a lookup; the
      // resource's reads of information_schema are its bookkeeping (bookkeeping.ts).
      if (command === COM_STMT_EXECUTE || (command === COM_QUERY && !/^SET TRANSACTION /i.test(text) && !isTableInspection(text)))
        this.statements += 1;
    });
    this.upstreams.add(upstream);
    upstream.on('close', () => this.upstreams.delete(upstream));
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      // A side that fails (reset, refused) takes the other with it, as a lost database would.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    this.forward(client, upstream, (chunk) => counter.push(chunk));
    this.forward(upstream, client);
  }

  /**
   * Moves `from`'s bytes to `to` in order (held while stalled). When `to` cannot take more, `from`
   * is paused until it drains, so a slow reader slows the writer instead of filling memory; when
   * `from` ends, `to` is ended after everything `from` sent. Nothing is destroyed on a clean end:
   * destroying a socket drops what is still queued for it and, with unread bytes, sends a reset.
   */
  private forward(from: Socket, to: Socket, observe?: (chunk: Buffer) => void): void {
    from.on('data', (chunk: Buffer) =>
      this.whenFlowing(() => {
        observe?.(chunk);
        if (to.destroyed) return;
        if (!to.write(chunk) && !from.isPaused()) {
          from.pause();
          to.once('drain', () => from.resume());
        }
      }),
    );
    from.on('end', () => this.whenFlowing(() => to.end()));
  }

  private whenFlowing(step: () => void): void {
    if (this.stalled) this.held.push(step);
    else step();
  }

  /** Holds every byte from now on, in both directions, until resume(). */
  stall(): void {
    this.stalled = true;
  }

  resume(): void {
    this.stalled = false;
    for (const step of this.held.splice(0)) step();
  }

  /** Drops every open connection and closes the port, so new connections are refused. */
  async refuse(): Promise<void> {
    this.held.length = 0;
    this.stalled = false;
    for (const socket of this.sockets) socket.destroy();
    await this.closePort();
  }

  /** Accepts connections again on the same port. */
  restore(): Promise<void> {
    return this.listen();
  }

  /**
   * Closes the port and lets each connection end cleanly: the database is sent the end of its
   * client's stream, answers what it was already asked, and closes; that end reaches the client
   * after the answer. Resolves once every connection has closed. A stalled relay drops them
   * instead (the database it stands for is not answering).
   */
  async close(): Promise<void> {
    if (this.stalled) return this.refuse();
    const closed = [...this.sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    for (const upstream of this.upstreams) upstream.end();
    await Promise.all([this.closePort(), ...closed]);
  }

  private async closePort(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
