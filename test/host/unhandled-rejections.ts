/**
 * FXServer starts Node with `--unhandled-rejections=warn` (fxserver-runtime.md §1.5): a resource's
 * unhandled rejection is a warning, never a crash. Jest, by contrast, fails the running test on
 * any. While hosts are alive this module takes the process's `unhandledRejection` listeners: a
 * rejection of a promise made in a host's resource context goes to that host only (it records the
 * violation against the resource), anything else (test or host code) still goes to the listeners
 * it replaced, so jest sees it as before.
 */
type Listener = (reason: unknown, promise: Promise<unknown>) => void;

/** The real process (test/fx-test-environment.js); jest's `process` copy never emits these. */
const nodeProcess: NodeJS.Process = (globalThis as { nodeProcess?: NodeJS.Process }).nodeProcess ?? process;

export interface RejectionSink {
  /** True when `promise` belongs to one of this host's resources and was recorded there. */
  takeRejection(reason: unknown, promise: Promise<unknown>): boolean;
}

const sinks = new Set<RejectionSink>();
let replaced: Listener[] = [];

const dispatch: Listener = (reason, promise) => {
  for (const sink of sinks) if (sink.takeRejection(reason, promise)) return;
  for (const listener of replaced) listener(reason, promise);
};

export function captureRejections(sink: RejectionSink): void {
  if (sinks.size === 0) {
    replaced = nodeProcess.listeners('unhandledRejection') as Listener[];
    nodeProcess.removeAllListeners('unhandledRejection');
    nodeProcess.on('unhandledRejection', dispatch);
  }
  sinks.add(sink);
}

export function releaseRejections(sink: RejectionSink): void {
  if (!sinks.delete(sink) || sinks.size > 0) return;
  nodeProcess.off('unhandledRejection', dispatch);
  for (const listener of replaced) nodeProcess.on('unhandledRejection', listener);
  replaced = [];
}
