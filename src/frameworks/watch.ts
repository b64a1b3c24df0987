/**
 * The one watcher of framework resources: which framework of each family runs beside the
 * resource, and which generation of it, found at start and again whenever one starts or stops;
 * and when it says its shared lists changed. The live source and the shared lists both follow it.
 */
import type { LiveFamily } from '../live/parts';
import type { FrameworkContext } from './calls';
import { esExtended } from './es_extended';
import { generationOf, type Framework, type Generation, type PlayerReader } from './framework';
import { qbCore } from './qb-core';
import { qbxCore } from './qbx_core';

/**
 * The frameworks, each family's in the order they are looked for: qbx_core also `provide`s
 * qb-core, so a server running it has both names started.
 */
export const FRAMEWORKS: readonly Framework[] = [esExtended, qbxCore, qbCore];

/** The framework of a family found running, its generation, and its players' reader. */
export interface Attached {
  framework: Framework;
  generation: Generation;
  /** Null when its one-time fetch failed (told once): no live records from it, its events still followed. */
  reader: PlayerReader | null;
}

export interface WatchListener {
  /** The family's framework was found (again), or none runs any more (undefined). */
  attached(family: LiveFamily, current: Attached | undefined): void;
  /** The attached framework said its shared lists changed. */
  sharedChanged?(family: LiveFamily, current: Attached): void;
}

export interface WatchOptions {
  context: FrameworkContext;
  /** A framework's one-time fetch failed. */
  report(resource: string, error: unknown): void;
  /** A framework (re)started: troubles told about its last instance may be told again. */
  restarted(resource: string): void;
  /** The attached framework stopped (not a restart). */
  stopped(resource: string): void;
}

const FAMILIES: readonly LiveFamily[] = [...new Set(FRAMEWORKS.map((f) => f.family))];

/** Every distinct event after which some framework's shared lists are read again. */
const SHARED_EVENTS = [...new Set(FRAMEWORKS.flatMap((f) => f.generations.flatMap((g) => g.sharedChanged)))];

export class FrameworkWatch {
  private readonly current = new Map<LiveFamily, Attached>();
  private readonly listeners: WatchListener[] = [];

  constructor(private readonly options: WatchOptions) {}

  /** Must be called before start(). */
  subscribe(listener: WatchListener): void {
    this.listeners.push(listener);
  }

  /** The family's framework now. */
  attached(family: LiveFamily): Attached | undefined {
    return this.current.get(family);
  }

  /** Finds each family's framework, then follows the resources' starts and stops. */
  start(): void {
    const { natives } = this.options.context;
    for (const family of FAMILIES) this.attach(family);
    natives.onEvent('onServerResourceStart', (resource: never) => {
      const framework = FRAMEWORKS.find((f) => f.resource === resource);
      if (!framework) return;
      this.options.restarted(framework.resource);
      this.attach(framework.family);
    });
    natives.onEvent('onServerResourceStop', (resource: never) => {
      const framework = FRAMEWORKS.find((f) => f.resource === resource);
      if (!framework || this.current.get(framework.family)?.framework !== framework) return;
      // A restart: FXServer tells the stop a tick late, when the framework runs again; its start event follows and attaches.
      if (natives.resourceState(framework.resource) === 'started') return;
      this.options.stopped(framework.resource);
      this.attach(framework.family);
    });
    for (const event of SHARED_EVENTS) {
      natives.onEvent(event, () => {
        for (const [family, attached] of this.current) {
          if (!attached.generation.sharedChanged.includes(event)) continue;
          for (const listener of this.listeners) listener.sharedChanged?.(family, attached);
        }
      });
    }
  }

  /** The first started framework of the family, its generation and reader; listeners told. */
  private attach(family: LiveFamily): void {
    const { context } = this.options;
    this.current.delete(family);
    const framework = FRAMEWORKS.find((f) => f.family === family && context.natives.resourceState(f.resource) === 'started');
    if (framework) {
      const generation = generationOf(framework, context);
      let reader: PlayerReader | null = null;
      try {
        reader = generation.players(context);
      } catch (error) {
        this.options.report(framework.resource, error);
      }
      this.current.set(family, { framework, generation, reader });
    }
    for (const listener of this.listeners) listener.attached(family, this.current.get(family));
  }
}
