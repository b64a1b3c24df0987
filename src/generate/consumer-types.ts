/**
 * Types for the people who call the resource, made at build time from the contract and the
 * formats' zod schemas (through JSON Schema): `citizen_records.d.ts` for JS/TS callers of the HTTP
 * API and the exports, and `citizen_records.lua` (LuaLS annotations) for Lua callers. Shipped in
 * the release zip.
 */
import { ERROR_CODES } from '../contract/errors';
import { HEALTH_DATA } from '../contract/health';
import { forFormat, OPERATIONS, operationFormats, type ContractOperation } from '../contract/operations';
import { FORMATS, type AnyFormat } from '../formats/registry';
import { extendedSchema, namedSchemas, refName, shapeSchema, type JsonSchema } from './schemas';

const HEADER = 'Generated from the contract and the zod schemas of citizen_records (npm run build): do not edit.';

/** One export as a caller sees it. */
interface ExportSignature {
  name: string;
  operation: ContractOperation;
  format: AnyFormat | null;
  /** Path parameters, then `query` when the operation reads query parameters. */
  parameters: Array<{ name: string; schema: JsonSchema }>;
}

export function exportSignatures(): ExportSignature[] {
  const signatures: ExportSignature[] = [];
  for (const operation of OPERATIONS as readonly ContractOperation[]) {
    if (operation.export === null) continue;
    const formats = operationFormats(operation, FORMATS);
    for (const format of formats) {
      const parameters = operation.pathParameters.map((p) => ({ name: p.name, schema: { type: 'string' } as JsonSchema }));
      if (operation.queryParameters.length > 0) {
        const properties = Object.fromEntries(
          operation.queryParameters.map((q) => [q.name, { ...shapeSchema(q.shape, format), description: q.description }]),
        );
        parameters.push({ name: 'query', schema: { type: 'object', properties, required: [] } });
      }
      signatures.push({ name: format ? forFormat(operation.export, format) : operation.export, operation, format, parameters });
    }
  }
  return signatures;
}

const types = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

// ---- TypeScript ----------------------------------------------------------------------------------

function tsType(schema: JsonSchema, indent: string): string {
  if (schema.$ref) return refName(schema);
  const extended = extendedSchema(schema);
  if (extended) return [...extended.bases, tsType(extended.own, indent)].join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return [...new Set(schema.anyOf.map((s) => tsType(s, indent)))].join(' | ');
  if (types(schema).length > 1)
    return types(schema)
      .map((type) => tsType({ ...schema, type }, indent))
      .join(' | ');
  if (schema.type === 'array') return `Array<${tsType(schema.items ?? {}, indent)}>`;
  if (schema.type === 'object') {
    if (!schema.properties) {
      const value = typeof schema.additionalProperties === 'object' ? tsType(schema.additionalProperties, indent) : 'unknown';
      return `Record<string, ${value}>`;
    }
    const inner = `${indent}  `;
    const lines = Object.entries(schema.properties).map(([key, value]) => {
      const doc = value.description ? `${inner}/** ${value.description.replace(/\*\//g, '* /')} */\n` : '';
      const optional = schema.required?.includes(key) ? '' : '?';
      return `${doc}${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}${optional}: ${tsType(value, inner)};`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  if (schema.type === 'integer') return 'number';
  return typeof schema.type === 'string' ? schema.type : 'unknown';
}

function tsAnswer(signature: ExportSignature): string {
  const { answer } = signature.operation;
  if (answer.kind === 'health') return 'Health | Failure';
  if (answer.kind !== 'data') throw new Error(`export ${signature.name} answers no data`);
  return `Envelope<${tsType(shapeSchema(answer.data, signature.format), '  ')}>`;
}

export function typescriptDeclarations(): string {
  const records = Object.entries(namedSchemas())
    .map(([name, schema]) => `export interface ${name} ${tsType(schema, '')}\n`)
    .join('\n');
  const exports = exportSignatures().map((s) => {
    const summary = s.format ? forFormat(s.operation.summary, s.format) : s.operation.summary;
    const parameters = s.parameters.map((p) => `${p.name}${p.name === 'query' ? '?' : ''}: ${tsType(p.schema, '  ')}`).join(', ');
    return `  /** ${summary} */\n  ${s.name}(${parameters}): Promise<${tsAnswer(s)}>;`;
  });
  return `// ${HEADER}

${records}
/** Stable error codes; the HTTP status of each is in the README and /openapi.json. */
export type ErrorCode = ${ERROR_CODES.map((c) => `'${c}'`).join(' | ')};

export interface Success<T> {
  success: true;
  data: T;
}

export interface Failure {
  success: false;
  error: { code: ErrorCode; message: string; requestId?: string };
}

/** What every route answers and every export resolves with: it never rejects for an expected failure. */
export type Envelope<T> = Success<T> | Failure;

/** GET /health and getHealth (which resolves to the failure resource_stopping once the resource stops). */
export interface Health {
  success: boolean;
  data: ${tsType(shapeSchema(HEALTH_DATA, null), '  ')};
}

/** exports.citizen_records, as another server resource calls it. */
export interface CitizenRecordsExports {
${exports.join('\n')}
}
`;
}

// ---- Lua (LuaLS annotations) ---------------------------------------------------------------------

const pascal = (key: string) => key.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
const LUA_PREFIX = 'CitizenRecords.';

function luaType(schema: JsonSchema, className: string, classes: string[]): string {
  if (schema.$ref) return `${LUA_PREFIX}${refName(schema)}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join('|');
  if (schema.anyOf) return [...new Set(schema.anyOf.map((s) => luaType(s, className, classes)))].join('|');
  if (types(schema).length > 1)
    return types(schema)
      .map((type) => luaType({ ...schema, type }, className, classes))
      .join('|');
  if (schema.type === 'array') {
    const item = luaType(schema.items ?? {}, `${className}Item`, classes);
    return item.includes('|') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type === 'object') {
    if (!schema.properties) return 'table<string, any>';
    luaClass(className, schema, classes);
    return className;
  }
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'null') return 'nil';
  return schema.type === 'string' || schema.type === 'number' || schema.type === 'boolean' ? schema.type : 'any';
}

function luaClass(name: string, schema: JsonSchema, classes: string[]): void {
  // A merged object inherits its named schemas (LuaLS: `---@class Name : Base`) and lists its own fields alone.
  const extended = extendedSchema(schema);
  const own = extended ? extended.own : schema;
  const parents = extended ? ` : ${extended.bases.map((base) => `${LUA_PREFIX}${base}`).join(', ')}` : '';
  const fields = Object.entries(own.properties ?? {}).map(([key, value]) => {
    const doc = value.description ? ` ${value.description.replace(/\n/g, ' ')}` : '';
    const optional = own.required?.includes(key) ? '' : '?';
    return `---@field ${key}${optional} ${luaType(value, `${name}${pascal(key)}`, classes)}${doc}`;
  });
  classes.push(`---@class ${name}${parents}\n${fields.join('\n')}\n`);
}

/** The class of an export's result, `{success, data?, error?}`, named after the operation. */
function luaResult(signature: ExportSignature, classes: string[]): string {
  const { operation, format } = signature;
  const name = `${LUA_PREFIX}${format ? forFormat(operation.name, format) : operation.name}Result`;
  const { answer } = operation;
  const data =
    answer.kind === 'health'
      ? luaType(shapeSchema(HEALTH_DATA, null), `${LUA_PREFIX}HealthData`, classes)
      : answer.kind === 'data'
        ? luaType(shapeSchema(answer.data, format), `${name}Data`, classes)
        : 'any';
  const error = answer.kind === 'health' ? ' resource_stopping once the resource stops' : '';
  classes.push(`---@class ${name}\n---@field success boolean\n---@field data? ${data}\n---@field error? ${LUA_PREFIX}Error${error}\n`);
  return name;
}

export function luaAnnotations(): string {
  const classes: string[] = [];
  for (const [name, schema] of Object.entries(namedSchemas())) luaClass(`${LUA_PREFIX}${name}`, schema, classes);
  const results: string[] = [];
  const fields = exportSignatures().map((s) => {
    const parameters = s.parameters
      .map((p) => `, ${p.name}${p.name === 'query' ? '?' : ''}: ${luaType(p.schema, `${LUA_PREFIX}${pascal(s.name)}Query`, results)}`)
      .join('');
    return `---@field ${s.name} fun(self: ${LUA_PREFIX}Exports${parameters}): ${luaResult(s, results)}`;
  });
  return `---@meta citizen_records
-- ${HEADER}
-- Add this file to your LuaLS workspace library to get completion on the exports' results.

${classes.join('\n')}
---@alias ${LUA_PREFIX}ErrorCode ${ERROR_CODES.map((c) => `"${c}"`).join('|')}

---@class ${LUA_PREFIX}Error
---@field code ${LUA_PREFIX}ErrorCode
---@field message string
---@field requestId? string

${results.join('\n')}
---@class ${LUA_PREFIX}Exports
${fields.join('\n')}
`;
}
