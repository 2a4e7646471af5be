/**
 * How the customer page's parts run a write: one at a time through the page's one submission (its busy state,
 * its refusal or notice shown once in the header), the page read again after a success.
 */
export interface CustomerAction {
  busy: boolean;
  run: (work: () => Promise<unknown>, done: string) => void;
}
