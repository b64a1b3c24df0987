import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AlphaRecord as PublishedAlpha, BetaRecord as PublishedBeta, CitizenRecordsExports, ErrorCode } from '../../citizen_records';
import { ERROR_STATUS } from '../api/envelope';
import type { ExportedApi } from '../fivem/exports';
import { exampleAlphaRecord, exampleBetaRecord } from '../openapi/examples';
import { luaAnnotations, typescriptDeclarations } from './generate';

const ROOT = resolve(__dirname, '../..');

test('the committed citizen_records.d.ts and citizen_records.lua are what the build generates (run npm run build when this fails)', () => {
  expect(readFileSync(resolve(ROOT, 'citizen_records.d.ts'), 'utf8')).toBe(typescriptDeclarations());
  expect(readFileSync(resolve(ROOT, 'citizen_records.lua'), 'utf8')).toBe(luaAnnotations());
});

test('records the normalisers produce have the published types (checked by npm run typecheck), and every code is published', () => {
  const alpha: PublishedAlpha = exampleAlphaRecord();
  const beta: PublishedBeta = exampleBetaRecord();
  const codes: ErrorCode[] = Object.keys(ERROR_STATUS) as Array<keyof typeof ERROR_STATUS>;
  const exportNames: Array<keyof CitizenRecordsExports> = ['getAlphaCitizen', 'getBetaCitizen', 'getAlphaCitizensByLicense', 'getBetaCitizensByLicense', 'getHealth'];
  const registered: Array<keyof ExportedApi> = exportNames;
  expect(alpha.identifier).toBe('char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10');
  expect(beta.citizenid).toBe('KQW48213');
  expect(codes.every((code) => typescriptDeclarations().includes(`'${code}'`) && luaAnnotations().includes(`"${code}"`))).toBe(true);
  expect(registered.every((name) => luaAnnotations().includes(`---@field ${name} fun(`))).toBe(true);
});

test('Lua annotations give every nested object of a record a class of its own', () => {
  const lua = luaAnnotations();
  for (const name of ['CitizenRecords.AlphaRecord', 'CitizenRecords.AlphaRecordAccounts', 'CitizenRecords.BetaRecordCharinfo', 'CitizenRecords.BetaRecordJobGrade']) {
    expect(lua).toContain(`---@class ${name}\n`);
  }
  expect(lua).toContain('---@field sex "m"|"f"|""');
});
