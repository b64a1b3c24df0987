/**
 * What the test host records when a resource does what FXServer would punish (a non-string header
 * value, a bare send(), a handler that throws…): the host and its HTTP gateway both report them.
 */
export type ViolationKind =
  | 'header-value'
  | 'write-type'
  | 'send-argument'
  | 'bare-send'
  | 'write-after-send'
  | 'head-body'
  | 'handler-throw'
  | 'unhandled-rejection'
  | 'script-error';

export interface Violation {
  resource: string;
  kind: ViolationKind;
  detail: string;
}
