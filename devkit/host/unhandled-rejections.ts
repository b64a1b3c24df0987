/**
 * FXServer starts Node with `--unhandled-rejections=warn`
 * (docs/platform.md#handler-errors-and-async-handlers): a resource's unhandled rejection is a
 * warning, never a crash; an exception a resource's own Node callbacks throw (a socket's 'error'
 * event nobody listens to) is printed and the server goes on (its exact text is unverified:
 * docs/platform.md#fxserver-open-questions). Jest, by contrast, fails the running test on either.
 * While hosts are alive this module takes the process's `unhandledRejection` and
 * `uncaughtException` listeners: what a host's resource context made goes to that host only (it
 * records the violation against the resource), anything else (test or host code) still goes to the
 * listeners it replaced, so jest sees it as before.
 */
type Listener = (reason: unknown, promise?: Promise<unknown>) => void;
const EVENTS = ['unhandledRejection', 'uncaughtException'] as const;
type ProcessEvent = (typeof EVENTS)[number];

/** Under jest, the real process (set by test/fx-test-environment.js); jest's `process` copy never emits these. */
const nodeProcess: NodeJS.Process = (globalThis as { nodeProcess?: NodeJS.Process }).nodeProcess ?? process;

export interface RejectionSink {
  /** True when `promise` belongs to one of this host's resources and was recorded there. */
  takeRejection(reason: unknown, promise: Promise<unknown>): boolean;
  /** True when `error` was made in one of this host's resources and was recorded there. */
  takeException(error: unknown): boolean;
}

const sinks = new Set<RejectionSink>();
const replaced = new Map<ProcessEvent, Listener[]>();

/**
 * What Node does with an error nobody listens for (the process outside jest: npm run dev, the
 * bench): print it and end with code 1, rather than let a fault of the host's own code (a port
 * already taken) vanish and leave the process hanging.
 */
function nodeDefault(error: unknown): void {
  nodeProcess.stderr.write(`${error instanceof Error ? error.stack : `Uncaught ${String(error)}`}\n`);
  nodeProcess.exit(1);
}

function toReplaced(event: ProcessEvent, reason: unknown, promise?: Promise<unknown>): void {
  const listeners = replaced.get(event) ?? [];
  if (listeners.length === 0) nodeDefault(reason);
  for (const listener of listeners) listener(reason, promise);
}

const dispatchers: Record<ProcessEvent, Listener> = {
  unhandledRejection: (reason, promise) => {
    for (const sink of sinks) if (sink.takeRejection(reason, promise as Promise<unknown>)) return;
    toReplaced('unhandledRejection', reason, promise);
  },
  uncaughtException: (error) => {
    for (const sink of sinks) if (sink.takeException(error)) return;
    toReplaced('uncaughtException', error);
  },
};

export function captureRejections(sink: RejectionSink): void {
  if (sinks.size === 0) {
    for (const event of EVENTS) {
      replaced.set(event, nodeProcess.listeners(event as 'uncaughtException') as unknown as Listener[]);
      nodeProcess.removeAllListeners(event);
      nodeProcess.on(event as 'uncaughtException', dispatchers[event]);
    }
  }
  sinks.add(sink);
}

export function releaseRejections(sink: RejectionSink): void {
  if (!sinks.delete(sink) || sinks.size > 0) return;
  for (const event of EVENTS) {
    nodeProcess.off(event as 'uncaughtException', dispatchers[event]);
    for (const listener of replaced.get(event) ?? []) nodeProcess.on(event as 'uncaughtException', listener);
  }
  replaced.clear();
}
