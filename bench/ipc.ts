/**
 * Requests from the bench's parent to its server process over the IPC channel of
 * child_process.fork: each call is a message `{ id, method, argument }` answered by
 * `{ id, result }` or `{ id, error }`. The channel uses the 'advanced' serialization (structured
 * clone), so typed arrays and nested objects cross as they are.
 */
import type { ChildProcess } from 'node:child_process';

/** The server process's side: methods taking at most one argument. */
type Methods = Record<string, (argument: never) => unknown>;

/** The parent's view of those methods: each answers a promise. */
export type Remote<T extends Methods> = {
  [K in keyof T]: (...argument: Parameters<T[K]>) => Promise<Awaited<ReturnType<T[K]>>>;
};

interface Call {
  id: number;
  method: string;
  argument: unknown;
}
type Answer = { id: number; result: unknown } | { id: number; error: string };

/** Answers the parent's calls with `methods` (in the child). The process exits when the parent goes away. */
export function serve(methods: Methods): void {
  const send = (answer: Answer) => process.send?.(answer);
  process.on('message', (message: Call) => {
    const method = methods[message.method];
    Promise.resolve()
      .then(() => {
        if (!method) throw new Error(`no method ${message.method}`);
        return method(message.argument as never);
      })
      .then(
        (result) => send({ id: message.id, result }),
        (error: unknown) => send({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
  });
  process.on('disconnect', () => process.exit(0));
}

/** Calls the methods a child serves (in the parent). A call fails when the child exits first. */
export function remote<T extends Methods>(child: ChildProcess): Remote<T> {
  let next = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on('message', (answer: Answer) => {
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if ('error' in answer) call.reject(new Error(`server process: ${answer.error}`));
    else call.resolve(answer.result);
  });
  child.on('exit', (code, signal) => {
    for (const call of waiting.values()) call.reject(new Error(`server process exited (${signal ?? code})`));
    waiting.clear();
  });
  return new Proxy({} as Remote<T>, {
    // Not a thenable: `await remote(...)` must not call a method named `then`.
    get: (_target, method) =>
      method === 'then'
        ? undefined
        : (argument?: unknown) =>
            new Promise((resolve, reject) => {
              const id = next++;
              waiting.set(id, { resolve, reject });
              child.send({ id, method: String(method), argument } satisfies Call);
            }),
  });
}
