/**
 * The README's tables of routes, exports, error codes and convars, and the manifest's
 * convar_category block, made from the contract at build time. Each is written between markers in
 * its file, the text around it left as it is.
 */
import { CONVAR_PREFIX, CONVARS, type Convar } from '../contract/convars';
import { ERROR_CODES, errorDeclaration } from '../contract/errors';
import { HEALTH_DATA } from '../contract/health';
import { forFormat, type Answer, type OperationCost } from '../contract/operations';
import type { Shape } from '../contract/shapes';
import { FORMATS, type AnyFormat } from '../formats/registry';
import { LIST_READERS } from '../config/config';
import { ROUTES } from '../http/router';
import { exportSignatures } from './consumer-types';
import { formatSchemaName } from './schemas';

const code = (text: string) => `\`${text}\``;

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** A shape in a few characters: `<TitleRecord>`, `[<TitleRecord>, …]`, `{status, database}`. */
function shapeText(shape: Shape, format: AnyFormat | null): string {
  if ('formatSchema' in shape) return `<${format ? formatSchemaName(format, shape.formatSchema) : shape.formatSchema}>`;
  if ('sharedSchema' in shape) return `<${shape.sharedSchema}>`;
  if ('list' in shape) return `[${shapeText(shape.list, format)}, …]`;
  if ('object' in shape) return `{${Object.keys(shape.object).join(', ')}}`;
  if ('anyOf' in shape) return shape.anyOf.map((s) => shapeText(s, format)).join('|');
  if ('perFormat' in shape) return `{${FORMATS.map((f) => f.name).join(', ')}}`;
  if ('enum' in shape) return shape.enum.map((v) => JSON.stringify(v)).join('|');
  return shape.type;
}

function answerText(answer: Answer, format: AnyFormat | null): string {
  switch (answer.kind) {
    case 'data':
      return `200 ${code(`{success:true, data:${shapeText(answer.data, format)}}`)}`;
    case 'health':
      return `200, or 503 while the database is not usable: ${code(`{success, data:${shapeText(HEALTH_DATA, format)}}`)}`;
    case 'document':
      return '200, the text of `openapi.json` in the repository';
    case 'page':
      return '200, an HTML page (`text/html`) with its `ETag`, cached a week';
  }
}

export function routesTable(): string {
  const rows = ROUTES.map(({ path, operation, format }) => {
    const summary = format ? forFormat(operation.summary, format) : operation.summary;
    const access = operation.access === 'open' ? '; no key' : '';
    const query = operation.queryParameters.map((q) => `${q.name}=`).join('&');
    const { cost: declared } = operation as { cost?: OperationCost };
    const costlier = declared?.when ? `, ${declared.when.tokens} with ${code(`${declared.when.parameter}=${declared.when.value}`)}` : '';
    const cost = declared ? `; costs ${declared.tokens} request${declared.tokens === 1 ? '' : 's'} of the rate limit${costlier}` : '';
    return [
      operation.methods.join(', '),
      code(query ? `${path}?${query}` : path),
      `${answerText(operation.answer, format)}: ${summary.replace(/\.$/, '')}${access}${cost}`,
    ];
  });
  rows.push(['OPTIONS', 'any route', `CORS preflight: 204 with ${code('Allow')}; no key`]);
  return table(['method', 'path', 'answer'], rows);
}

export function exportsTable(): string {
  const rows = exportSignatures().map((s) => {
    const summary = s.format ? forFormat(s.operation.summary, s.format) : s.operation.summary;
    const args = s.parameters.map((p) => p.name).join(', ');
    return [code(`${s.name}(${args})`), summary.replace(/\.$/, '')];
  });
  return table(['export', 'resolves to the envelope of'], rows);
}

export function errorsTable(): string {
  const rows = ERROR_CODES.map((c) => {
    const { status, meaning, retryAfter, headers = [] } = errorDeclaration(c);
    const extra = [...headers, ...(retryAfter === undefined ? [] : ['Retry-After'])];
    return [String(status), code(c), `${meaning}${extra.length > 0 ? ` With ${extra.map(code).join(' and ')}.` : ''}`];
  });
  return table(['status', 'code', 'when'], rows);
}

/** The default as a server owner would write it; '' where unset means none. */
function shownDefault(convar: Convar): string {
  const { value } = convar;
  return value.type === 'list' ? LIST_READERS[value.parser].shown : String(value.default);
}

export function convarsTable(): string {
  const rows = CONVARS.map((convar) => {
    const shown = shownDefault(convar);
    const fallback = convar.value.type === 'list' && shown === '' ? `(${convar.value.unset})` : code(shown);
    return [code(`${CONVAR_PREFIX}${convar.name}`), fallback, convar.description];
  });
  return table(['convar', 'default', 'meaning'], rows);
}

const lua = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const CONVAR_TYPE = { boolean: 'CV_BOOL', integer: 'CV_INT', choice: 'CV_STRING', text: 'CV_STRING', list: 'CV_STRING' } as const;

/** The entries of fxmanifest.lua's convar_category, one line per convar. */
export function manifestConvars(): string {
  return CONVARS.map(
    (c) => `        { ${[c.label, `${CONVAR_PREFIX}${c.name}`, CONVAR_TYPE[c.value.type], shownDefault(c)].map(lua).join(', ')} },`,
  ).join('\n');
}

/**
 * `text` with what stands between the markers of `name` replaced by `body`: `<!-- contract:name -->`
 * … `<!-- /contract:name -->` in Markdown, `-- contract:name` … `-- /contract:name` lines in Lua.
 */
export function replaceSection(text: string, name: string, body: string, style: 'markdown' | 'lua'): string {
  const [open, close] =
    style === 'markdown' ? [`<!-- contract:${name} -->`, `<!-- /contract:${name} -->`] : [`-- contract:${name}`, `-- /contract:${name}`];
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) throw new Error(`the markers ${open} … ${close} are missing`);
  const indent = style === 'lua' ? (/[ \t]*$/.exec(text.slice(0, start))?.[0] ?? '') : '';
  return `${text.slice(0, start + open.length)}\n${body}\n${indent}${text.slice(end)}`;
}
