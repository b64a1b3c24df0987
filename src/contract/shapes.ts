/**
 * A small language for the shapes of answers the contract declares (what `data` holds, the health
 * report). It is plain data: the build turns it into JSON Schema for the OpenAPI document and into
 * TypeScript and LuaLS types for callers; `TypeOf` gives the runtime code the same shape as a type.
 * Records themselves are described by each format's own schema, named here by `formatSchema`.
 */

export type Shape =
  | { readonly type: 'string' | 'integer' | 'number' | 'boolean'; readonly nullable?: true; readonly description?: string }
  | { readonly enum: readonly string[]; readonly description?: string }
  | { readonly list: Shape; readonly max: number; readonly description?: string }
  | {
      readonly object: { readonly [field: string]: Shape };
      /** Fields that may be missing; every other one is always there. */
      readonly optional?: readonly string[];
      readonly description?: string;
    }
  /** One of several shapes (a change's record: a citizen's or a vehicle). */
  | { readonly anyOf: readonly Shape[]; readonly description?: string }
  /** An object with one field per format (in the registry's order), each of shape `perFormat`. */
  | { readonly perFormat: Shape; readonly description?: string }
  /** The format's own schema of that name (`record`: `<Title>Record`, the format's record). */
  | { readonly formatSchema: FormatSchemaName }
  /** A schema every format shares, by name (one shape whatever the format, such as a vehicle). */
  | { readonly sharedSchema: SharedSchemaName };

/** The schemas every format shares (src/formats/documentation.ts SHARED_SCHEMAS). */
export type SharedSchemaName = 'Vehicle';

/**
 * The schemas each format declares (its documentation, src/formats/<format>/documentation.ts):
 * `record`, the full record; `summary`, what a search answers per citizen.
 */
export type FormatSchemaName = 'record' | 'summary';

/** The TypeScript type of a shape; a format's or shared schema is `unknown` here (its own module types it). */
export type TypeOf<S, F extends string> = S extends { enum: ReadonlyArray<infer V> }
  ? V
  : S extends { type: infer T; nullable: true }
    ? Scalar<T> | null
    : S extends { type: infer T }
      ? Scalar<T>
      : S extends { list: infer I }
        ? Array<TypeOf<I, F>>
        : S extends { anyOf: ReadonlyArray<infer I> }
          ? TypeOf<I, F>
          : S extends { perFormat: infer I }
            ? Record<F, TypeOf<I, F>>
            : S extends { object: infer O; optional: ReadonlyArray<infer K> }
              ? { [P in Exclude<keyof O, K>]: TypeOf<O[P], F> } & { [P in Extract<keyof O, K>]?: TypeOf<O[P], F> }
              : S extends { object: infer O }
                ? { [P in keyof O]: TypeOf<O[P], F> }
                : unknown;

type Scalar<T> = T extends 'string' ? string : T extends 'boolean' ? boolean : number;
