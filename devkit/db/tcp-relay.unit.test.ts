/**
 * The relay between a client and a plain TCP server standing for the database: bytes go through
 * whole and in order however slowly one side reads, an end is passed on after what came before
 * it, and close() lets an answer already under way reach the client before its connection ends.
 */
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { TcpRelay } from './tcp-relay';

let server: Server;
let relay: TcpRelay;
/** What the server does with each connection it accepts. */
let onConnection: (socket: Socket) => void;
const accepted = new Set<Socket>();

beforeEach(async () => {
  server = createServer({ allowHalfOpen: true }, (socket) => {
    accepted.add(socket);
    onConnection(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  relay = new TcpRelay('127.0.0.1', address.port);
  await relay.listen();
});

afterEach(async () => {
  await relay.refuse();
  for (const socket of accepted) socket.destroy();
  accepted.clear();
  server.close();
  await once(server, 'close');
});

/** A client of the relay, and everything it reads until the relay ends its stream. */
function client(): { socket: Socket; received: Promise<Buffer> } {
  const socket = connect({ port: relay.port, host: '127.0.0.1', allowHalfOpen: true });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { socket, received: once(socket, 'end').then(() => Buffer.concat(chunks)) };
}

const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + 3) % 251));

test('a large answer reaches a client that reads slowly, whole and in order', async () => {
  const answer = pattern(8 * 1024 * 1024);
  onConnection = (socket) => socket.end(answer);
  const { socket, received } = client();
  // The client stops reading at first: the relay must hold off the server rather than drop bytes.
  socket.pause();
  await once(socket, 'connect');
  setImmediate(() => socket.resume());
  expect((await received).equals(answer)).toBe(true);
  socket.end();
});

test("the client's end reaches the server after everything it sent, and the answer it then writes still arrives", async () => {
  const request = pattern(3 * 1024 * 1024);
  onConnection = (socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // Half-closed: the server answers once the client has finished sending.
    socket.on('end', () => socket.end(`got ${Buffer.concat(chunks).equals(request) ? 'all' : 'a broken copy'}`));
  };
  const { socket, received } = client();
  socket.end(request);
  expect((await received).toString()).toBe('got all');
});

test('close() lets an answer under way reach the client, then ends its connection', async () => {
  let answer: (() => void) | null = null;
  onConnection = (socket) =>
    socket.on('data', () => {
      answer = () => socket.end('answer');
    });
  const { socket, received } = client();
  socket.write('question');
  await waitUntil(() => answer !== null);
  const closed = relay.close();
  answer!();
  expect((await received).toString()).toBe('answer');
  socket.end();
  await closed;
});

test('refuse() drops open connections and closes the port', async () => {
  onConnection = () => undefined;
  const { socket } = client();
  await once(socket, 'connect');
  const ended = Promise.race([once(socket, 'close'), once(socket, 'end')]);
  await relay.refuse();
  await ended;
  const refused = connect({ port: relay.port, host: '127.0.0.1' });
  const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
  expect(error.code).toBe('ECONNREFUSED');
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
