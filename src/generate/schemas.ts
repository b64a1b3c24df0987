/**
 * JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of the contract's shapes and of the formats'
 * zod schemas, and the example values the documents show. Build-time only.
 */
import { z } from 'zod';
import type { FormatSchemaName, Shape } from '../contract/shapes';
import { FORMAT_DOCUMENTATION, SHARED_SCHEMAS } from '../formats/documentation';
import type { Example } from '../formats/format';
import { FORMATS, type AnyFormat } from '../formats/registry';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: readonly unknown[];
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  $ref?: string;
  [keyword: string]: unknown;
}

export const SCHEMA_REF = '#/components/schemas/';

/** The component a `$ref` names (the caller has checked that the schema has one). */
export const refName = (schema: JsonSchema): string => (schema.$ref ?? '').slice(SCHEMA_REF.length);

const pascal = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;

/** `<Title><Schema>` (`…Record`): the component name of a format's schema. */
export function formatSchemaName(format: { title: string }, schema: FormatSchemaName): string {
  return `${format.title}${pascal(schema)}`;
}

/** Every named schema: each format's, then the shared ones, as JSON Schema. */
export function namedSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const format of FORMATS) {
    for (const [name, schema] of Object.entries(FORMAT_DOCUMENTATION[format.name].schemas)) {
      schemas[formatSchemaName(format, name as FormatSchemaName)] = zodSchema(schema);
    }
  }
  for (const [name, { schema }] of Object.entries(SHARED_SCHEMAS)) schemas[name] = zodSchema(schema);
  return schemas;
}

function zodSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
  return rest;
}

/** The JSON Schema of a shape; `format` is the format it is answered in (null for a format-less one). */
export function shapeSchema(shape: Shape, format: AnyFormat | null): JsonSchema {
  const described = (schema: JsonSchema): JsonSchema =>
    'description' in shape && shape.description ? { ...schema, description: shape.description } : schema;
  if ('type' in shape) return described({ type: shape.nullable ? [shape.type, 'null'] : shape.type });
  if ('enum' in shape) return described({ enum: shape.enum });
  if ('list' in shape) return described({ type: 'array', items: shapeSchema(shape.list, format), maxItems: shape.max });
  if ('object' in shape) {
    const fields = Object.entries(shape.object);
    return described({
      type: 'object',
      properties: Object.fromEntries(fields.map(([name, field]) => [name, shapeSchema(field, format)])),
      required: fields.map(([name]) => name).filter((name) => !shape.optional?.includes(name)),
    });
  }
  if ('anyOf' in shape) return described({ anyOf: shape.anyOf.map((s) => shapeSchema(s, format)) });
  if ('perFormat' in shape) {
    return described({
      type: 'object',
      properties: Object.fromEntries(FORMATS.map((f) => [f.name, shapeSchema(shape.perFormat, format)])),
      required: FORMATS.map((f) => f.name),
    });
  }
  if ('allOf' in shape) return described(mergedSchema(shape.allOf.map((part) => shapeSchema(part, format))));
  if ('formatSchema' in shape) {
    if (!format) throw new Error(`a format-less operation names the format schema ${shape.formatSchema}`);
    return { $ref: `${SCHEMA_REF}${formatSchemaName(format, shape.formatSchema)}` };
  }
  if (!SHARED_SCHEMAS[shape.sharedSchema]) throw new Error(`no shared schema ${shape.sharedSchema} (src/formats/documentation.ts)`);
  return { $ref: `${SCHEMA_REF}${shape.sharedSchema}` };
}

/**
 * The OpenAPI extension keyword that names the schemas a merged object holds every field of (an
 * `x-` keyword, which OpenAPI 3.1 lets a schema carry): the consumer types write the object as
 * those named types and its own fields, not as every field spelled out again.
 */
export const EXTENDS = 'x-extends';

/**
 * One object schema with the fields of every part (a named schema's own fields copied in): the
 * formats' schemas are closed (no additional properties), so a JSON Schema `allOf` of one and more
 * fields would admit no value at all. The named parts are listed under EXTENDS.
 */
function mergedSchema(parts: readonly JsonSchema[]): JsonSchema {
  const named = namedSchemas();
  const bases = parts.filter((part) => part.$ref).map(refName);
  const objects = parts.map((part) => (part.$ref ? named[refName(part)] : part));
  return {
    type: 'object',
    properties: Object.assign({}, ...objects.map((o) => o.properties ?? {})),
    required: objects.flatMap((o) => o.required ?? []),
    additionalProperties: false,
    ...(bases.length > 0 ? { [EXTENDS]: bases } : {}),
  };
}

/** The named schemas a merged object extends (EXTENDS), and the schema of its own fields alone; null for any other schema. */
export function extendedSchema(schema: JsonSchema): { bases: string[]; own: JsonSchema } | null {
  const bases = schema[EXTENDS];
  if (!Array.isArray(bases)) return null;
  const named = namedSchemas();
  const inherited = new Set(bases.flatMap((base: string) => Object.keys(named[base]?.properties ?? {})));
  const { [EXTENDS]: _bases, ...rest } = schema;
  const own = Object.entries(schema.properties ?? {}).filter(([name]) => !inherited.has(name));
  return {
    bases,
    own: { ...rest, properties: Object.fromEntries(own), required: (schema.required ?? []).filter((name) => !inherited.has(name)) },
  };
}

/** An example value of a shape: the formats' example records, lists of one, the first of each choice. */
export function exampleOf(shape: Shape, format: AnyFormat | null): Example {
  if ('formatSchema' in shape) {
    if (!format) throw new Error(`a format-less operation names the format schema ${shape.formatSchema}`);
    return FORMAT_DOCUMENTATION[format.name].examples[shape.formatSchema];
  }
  if ('sharedSchema' in shape) return SHARED_SCHEMAS[shape.sharedSchema].example;
  if ('allOf' in shape) {
    const parts = shape.allOf.map((part) => exampleOf(part, format));
    return { summary: parts[0]?.summary ?? '', value: Object.assign({}, ...parts.map((p) => p.value)) };
  }
  if ('anyOf' in shape) return exampleOf(shape.anyOf[0], format);
  if ('list' in shape) {
    const item = exampleOf(shape.list, format);
    return { summary: `A list of one: ${item.summary}`, value: [item.value] };
  }
  if ('object' in shape || 'perFormat' in shape) {
    const fields = 'object' in shape ? Object.entries(shape.object) : FORMATS.map((f): [string, Shape] => [f.name, shape.perFormat]);
    const examples = fields.map(([name, field]) => [name, exampleOf(field, format)] as const);
    return {
      summary: examples.map(([, e]) => e.summary).find(Boolean) ?? '',
      value: Object.fromEntries(examples.map(([n, e]) => [n, e.value])),
    };
  }
  if ('enum' in shape) return { summary: '', value: shape.enum[0] };
  if (shape.nullable) return { summary: '', value: null };
  return { summary: '', value: shape.type === 'string' ? '' : shape.type === 'boolean' ? false : 0 };
}
