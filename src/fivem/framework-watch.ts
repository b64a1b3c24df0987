/**
 * Reading data the framework running beside the resource shares through its exports (job and
 * gang definitions, the shared vehicles list): when the resource starts, when the framework
 * (re)starts or stops, and when it says its data changed — never per lookup, as each read packs
 * the whole list through msgpack. One watch serves every reader.
 */
import { onEvent, resourceExport, resourceState } from './natives';

/** An export's answer, or undefined when the framework does not have it (older builds) or it throws. */
export const tryExport = (resource: string, name: string, ...args: unknown[]): unknown => {
  try {
    return resourceExport(resource, name)(...args);
  } catch {
    return undefined;
  }
};

/** The frameworks, first found first: each read with its own exports. */
export const FRAMEWORKS = ['qbx_core', 'qb-core'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** Events after which the framework's shared data is read again. */
const CHANGED = ['QBCore:Server:UpdateObject', 'qbx_core:server:onJobUpdate', 'qbx_core:server:onGangUpdate'];

type Listener = (framework: Framework | undefined) => void;
const listeners: Listener[] = [];
let watching = false;

/** The started framework, or undefined. */
const startedFramework = (): Framework | undefined => FRAMEWORKS.find((resource) => resourceState(resource) === 'started');

/**
 * Calls `read` with the started framework (undefined without one) now and after each change;
 * the events are subscribed once, however many readers there are.
 */
export function watchFramework(read: Listener): void {
  listeners.push(read);
  read(startedFramework());
  if (watching) return;
  watching = true;
  const refresh = () => {
    const framework = startedFramework();
    for (const listener of listeners) listener(framework);
  };
  const ours = (name: string) => (FRAMEWORKS as readonly string[]).includes(name);
  onEvent('onServerResourceStart', (name: string) => ours(name) && refresh());
  onEvent('onServerResourceStop', (name: string) => ours(name) && refresh());
  for (const event of CHANGED) onEvent(event, refresh);
}

/**
 * The framework's data as `read` makes it from that framework's exports, kept up to date by the
 * watch; undefined without a framework. `describe` says in the log what was read.
 */
export function watchFrameworkData<T>(
  read: Record<Framework, () => T>,
  describe: (data: T, framework: Framework) => string,
  log: (message: string) => void,
): () => T | undefined {
  let current: T | undefined;
  watchFramework((framework) => {
    current = framework ? read[framework]() : undefined;
    if (framework && current !== undefined) log(describe(current, framework));
  });
  return () => current;
}
