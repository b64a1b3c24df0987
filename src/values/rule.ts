import type { ParameterRule } from '../contract/parameters';

/** The check of a parameter rule: its pattern, the one the OpenAPI document publishes, compiled once. */
export function ruleCheck(rule: ParameterRule): (value: string) => boolean {
  const pattern = new RegExp(rule.pattern);
  return (value) => pattern.test(value);
}
