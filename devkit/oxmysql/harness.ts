/**
 * What the stand-in's integration suites share: a database of their own, an FxHost running the
 * stand-in as resource `oxmysql`, and a second resource `caller` whose calls cross the msgpack
 * boundary as a real resource's would.
 */
import { FxHost, type HostOptions } from '../host/fx-host';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { OxmysqlStandIn } from './oxmysql-standin';

export const CALLER = 'caller';

/** One callback export call in flight: every invocation of its callback, as the caller saw it. */
export interface Call {
  invocations: unknown[][];
  /** The arguments of the first invocation. */
  answered: Promise<unknown[]>;
}

export interface Harness {
  host: FxHost;
  db: TestDatabase;
  standIn: OxmysqlStandIn;
  /** `exports.oxmysql[name](sql, params, cb, 'caller', isPromise)` from resource `caller`. */
  call(name: string, sql: unknown, params?: unknown, isPromise?: boolean): Call;
  /** Calls and waits for the callback; resolves with its arguments. */
  answer(name: string, sql: unknown, params?: unknown, isPromise?: boolean): Promise<unknown[]>;
  /** `exports.oxmysql[name](...args)` from resource `caller`, returning what the caller gets. */
  callExport(name: string, ...args: unknown[]): unknown;
  close(): Promise<void>;
}

export interface HarnessOptions {
  clock?: HostOptions['clock'];
  reachable?: boolean;
  /** Wait for awaitConnection() before returning (needs the auto clock). */
  ready?: boolean;
  /** Fixture SQL run on the suite's database first (multiple statements allowed). */
  fixture?: string;
}

export async function startHarness(label: string, options: HarnessOptions = {}): Promise<Harness> {
  const db = await createTestDatabase(label);
  if (options.fixture) await db.admin.query(options.fixture);
  const host = new FxHost({ clock: options.clock ?? 'auto' });
  const standIn = new OxmysqlStandIn(host, { url: db.url, reachable: options.reachable ?? true });
  standIn.start();
  host.startScript(CALLER, '');

  const callExport = (name: string, ...args: unknown[]) => host.callExport(CALLER, 'oxmysql', name, ...args);
  const call = (name: string, sql: unknown, params?: unknown, isPromise = true): Call => {
    const invocations: unknown[][] = [];
    let first: (args: unknown[]) => void = () => undefined;
    const answered = new Promise<unknown[]>((r) => (first = r));
    const cb = (...args: unknown[]) => {
      invocations.push(args);
      first(args);
    };
    callExport(name, sql, params, cb, CALLER, isPromise);
    return { invocations, answered };
  };
  const harness: Harness = {
    host,
    db,
    standIn,
    call,
    answer: (name, sql, params, isPromise) => call(name, sql, params, isPromise).answered,
    callExport,
    async close() {
      await standIn.close();
      await host.close();
      await db.drop();
    },
  };
  if (options.ready) await callExport('awaitConnection');
  return harness;
}

/**
 * The suite's lifecycle in one place: the harness starts before all tests, each test ends with no
 * violation it did not take itself, and everything is closed after all so jest can exit. The
 * returned handle forwards to the harness once beforeAll has built it.
 */
export function useHarness(label: string, options: HarnessOptions = {}): Harness {
  let current: Harness | null = null;
  beforeAll(async () => {
    current = await startHarness(label, options);
  });
  afterEach(() => expect(current?.host.takeViolations()).toEqual([]));
  afterAll(() => current?.close());
  return new Proxy({} as Harness, {
    get: (_target, key) => {
      if (!current) throw new Error(`harness ${label} used before beforeAll`);
      return Reflect.get(current, key);
    },
  });
}
