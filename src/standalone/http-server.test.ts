import { matchRoute } from '../http/router';
import { pathInside } from './http-server';

test.each([
  ['/citizen_records/beta/citizens/ABC?x=1', '/beta/citizens/ABC?x=1'],
  ['/citizen_records/health', '/health'],
  ['/citizen_records', '/'],
  ['/citizen_records?x', '/?x'],
])('%s reaches the handler as FXServer hands the resource %s', (url, path) => {
  expect(pathInside(url)).toBe(path);
});

test.each(['/health', '/beta/citizens/ABC', '/citizen_recordsX/health', '/'])('%s, outside the prefix, matches no route', (url) => {
  expect(matchRoute(pathInside(url))).toBeNull();
});
