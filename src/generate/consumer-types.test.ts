import type { CitizenRecordsExports, ErrorCode as PublishedErrorCode, Health } from '../../citizen_records';
import { exportedFunctions, type Api } from '../api/handlers';
import type { HealthReport } from '../api/health';
import { ERROR_CODES, type ErrorCode } from '../contract/errors';
import { FORMATS } from '../formats/registry';
import { exportSignatures, luaAnnotations, typescriptDeclarations } from './consumer-types';
import { namedSchemas } from './schemas';

const typescript = typescriptDeclarations();
const lua = luaAnnotations();

test("the published error codes and health report are the contract's (checked by npm run typecheck)", () => {
  const codes: PublishedErrorCode[] = [...ERROR_CODES];
  const back: ErrorCode[] = codes;
  const health: Health = {} as HealthReport;
  expect(health).toEqual({});
  expect(back.every((code) => typescript.includes(`'${code}'`) && lua.includes(`"${code}"`))).toBe(true);
});

test('every export the resource registers is published in both files, and no other', () => {
  const none = () => Promise.reject(new Error('not called'));
  const api: Api = {
    health: none,
    openApi: () => '',
    docsRenderer: () => '',
    operations: {
      citizen: none,
      search: none,
      citizensByLicense: none,
      vehicle: none,
      citizenVehicles: none,
      presence: none,
      jobs: none,
      jobMembers: none,
      jobCount: none,
      gangs: none,
      gangMembers: none,
      gangCount: none,
      changes: none,
    },
  };
  const registered = exportedFunctions(api).map((f) => f.name);
  expect(exportSignatures().map((s) => s.name)).toEqual(registered);
  const published = [...typescript.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]);
  expect(published).toEqual(registered);
  expect([...lua.matchAll(/^---@field (\w+) fun\(/gm)].map((m) => m[1])).toEqual(registered);
  // The typechecker holds the published interface to the same names.
  const names: Array<keyof CitizenRecordsExports> = [
    'getHealth',
    'getAlphaCitizen',
    'getBetaCitizen',
    'searchAlphaCitizens',
    'searchBetaCitizens',
    'getAlphaCitizensByLicense',
    'getBetaCitizensByLicense',
    'getAlphaVehicle',
    'getBetaVehicle',
    'getAlphaCitizenVehicles',
    'getBetaCitizenVehicles',
    'getAlphaPresence',
    'getBetaPresence',
    'getAlphaJobs',
    'getBetaJobs',
    'getAlphaJobMembers',
    'getBetaJobMembers',
    'getAlphaJobCount',
    'getBetaJobCount',
    'getBetaGangs',
    'getBetaGangMembers',
    'getBetaGangCount',
    'getAlphaChanges',
    'getBetaChanges',
  ];
  expect(names).toEqual(registered);
});

test('Lua annotations give every record a class, and every nested object of one a class of its own', () => {
  for (const name of Object.keys(namedSchemas())) expect(lua).toContain(`---@class CitizenRecords.${name}\n`);
  for (const format of FORMATS) expect(lua).toMatch(new RegExp(`^---@class CitizenRecords\\.${format.title}Record[A-Z]\\w+\\n`, 'm'));
  expect(lua).toContain('---@field sex "m"|"f"|""');
});

test("a members entry is written as the format's summary and its own fields, not the summary's fields spelled out again", () => {
  expect(typescript).toContain('members: Array<AlphaSummary & {\n');
  expect(typescript).toContain('members: Array<BetaSummary & {\n');
  expect(lua).toContain('---@class CitizenRecords.AlphaJobMembersResultDataMembersItem : CitizenRecords.AlphaSummary\n');
  // Only the fields the summary lacks: the member's grade first.
  const member = typescript.slice(typescript.indexOf('members: Array<AlphaSummary & {'));
  expect(member.slice(0, member.indexOf('}>;'))).not.toContain('identifier:');
  expect(member).toMatch(/^members: Array<AlphaSummary & \{\n\s+\/\*\* The member's grade/);
});
