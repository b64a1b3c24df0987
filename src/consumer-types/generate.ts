/**
 * Types for the people who call the resource, generated from the same zod schemas that shape the
 * records (through zod's JSON Schema output): `citizen_records.d.ts` for JS/TS callers of the HTTP
 * API and the exports, and `citizen_records.lua` (LuaLS annotations) for Lua callers. Written by the
 * build at the repository root and shipped in the release zip; a test fails when they are stale.
 */
import { z } from 'zod';
import { ERROR_STATUS } from '../api/envelope';
import { alphaRecordSchema } from '../formats/alpha/schema';
import { betaRecordSchema } from '../formats/beta/schema';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
}

const RECORDS: Array<[name: string, schema: z.ZodType]> = [
  ['AlphaRecord', alphaRecordSchema],
  ['BetaRecord', betaRecordSchema],
];

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
}

const HEADER = 'Generated from the zod schemas of citizen_records (src/consumer-types/generate.ts): do not edit.';

// ---- TypeScript ----------------------------------------------------------------------------------

function tsType(schema: JsonSchema, indent: string): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return [...new Set(schema.anyOf.map((s) => tsType(s, indent)))].join(' | ');
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
  return schema.type ?? 'unknown';
}

export function typescriptDeclarations(): string {
  const codes = Object.keys(ERROR_STATUS).map((c) => `'${c}'`).join(' | ');
  const records = RECORDS.map(([name, schema]) => `export interface ${name} ${tsType(jsonSchemaOf(schema), '')}\n`).join('\n');
  return `// ${HEADER}

${records}
/** Stable error codes; the HTTP status of each is in the README and /openapi.json. */
export type ErrorCode = ${codes};

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

export interface Health {
  success: boolean;
  data: {
    status: 'ok' | 'degraded';
    database: 'connected' | 'unavailable';
    formats: Record<'alpha' | 'beta', 'available' | 'unavailable' | 'pending' | 'disabled'>;
    version?: string;
  };
}

/** exports.citizen_records, as another server resource calls it. */
export interface CitizenRecordsExports {
  getAlphaCitizen(id: string): Promise<Envelope<AlphaRecord>>;
  getBetaCitizen(citizenid: string): Promise<Envelope<BetaRecord>>;
  getAlphaCitizensByLicense(license: string): Promise<Envelope<AlphaRecord[]>>;
  getBetaCitizensByLicense(license: string): Promise<Envelope<BetaRecord[]>>;
  /** The health report, or the failure resource_stopping once the resource stops. */
  getHealth(): Promise<Health | Failure>;
}
`;
}

// ---- Lua (LuaLS annotations) ---------------------------------------------------------------------

const pascal = (key: string) => key.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());

function luaType(schema: JsonSchema, className: string, classes: string[]): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join('|');
  if (schema.anyOf) return [...new Set(schema.anyOf.map((s) => luaType(s, className, classes)))].join('|');
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
  return schema.type === 'string' || schema.type === 'number' || schema.type === 'boolean' ? schema.type : 'any';
}

function luaClass(name: string, schema: JsonSchema, classes: string[]): void {
  const fields = Object.entries(schema.properties ?? {}).map(([key, value]) => {
    const doc = value.description ? ` ${value.description.replace(/\n/g, ' ')}` : '';
    const optional = schema.required?.includes(key) ? '' : '?';
    return `---@field ${key}${optional} ${luaType(value, `${name}${pascal(key)}`, classes)}${doc}`;
  });
  classes.push(`---@class ${name}\n${fields.join('\n')}\n`);
}

export function luaAnnotations(): string {
  const classes: string[] = [];
  for (const [name, schema] of RECORDS) luaClass(`CitizenRecords.${name}`, jsonSchemaOf(schema), classes);
  const codes = Object.keys(ERROR_STATUS).map((c) => `"${c}"`).join('|');
  return `---@meta citizen_records
-- ${HEADER}
-- Add this file to your LuaLS workspace library to get completion on the exports' results.

${classes.join('\n')}
---@alias CitizenRecords.ErrorCode ${codes}

---@class CitizenRecords.Error
---@field code CitizenRecords.ErrorCode
---@field message string
---@field requestId? string

---@class CitizenRecords.AlphaResult
---@field success boolean
---@field data? CitizenRecords.AlphaRecord
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaResult
---@field success boolean
---@field data? CitizenRecords.BetaRecord
---@field error? CitizenRecords.Error

---@class CitizenRecords.AlphaListResult
---@field success boolean
---@field data? CitizenRecords.AlphaRecord[]
---@field error? CitizenRecords.Error

---@class CitizenRecords.BetaListResult
---@field success boolean
---@field data? CitizenRecords.BetaRecord[]
---@field error? CitizenRecords.Error

---@class CitizenRecords.Health
---@field success boolean
---@field data? { status: "ok"|"degraded", database: "connected"|"unavailable", formats: { alpha: string, beta: string }, version: string }
---@field error? CitizenRecords.Error resource_stopping once the resource stops

---@class CitizenRecords.Exports
---@field getAlphaCitizen fun(self: CitizenRecords.Exports, id: string): CitizenRecords.AlphaResult
---@field getBetaCitizen fun(self: CitizenRecords.Exports, citizenid: string): CitizenRecords.BetaResult
---@field getAlphaCitizensByLicense fun(self: CitizenRecords.Exports, license: string): CitizenRecords.AlphaListResult
---@field getBetaCitizensByLicense fun(self: CitizenRecords.Exports, license: string): CitizenRecords.BetaListResult
---@field getHealth fun(self: CitizenRecords.Exports): CitizenRecords.Health
`;
}
