/**
 * The record formats the resource serves, one line each. Everything outside src/formats learns the
 * formats from here: the router's paths, the exports, the convar citizen_records:formats, /health
 * and the generated documents. Adding a format: a folder laid out as format.ts describes, one line
 * here, and one in documentation.ts (the typechecker asks for it).
 */
import { alphaFormat } from './alpha';
import { betaFormat } from './beta';
import type { FormatDeclaration } from './format';

export const FORMATS = [alphaFormat, betaFormat] as const;

export type FormatName = (typeof FORMATS)[number]['name'];

/** A record of any format, as the code outside a format's folder handles it. */
export type AnyFormat = FormatDeclaration<FormatName, unknown>;

export const FORMAT_NAMES: readonly FormatName[] = FORMATS.map((f) => f.name);
