import { describe, expect, it } from "vitest";

import { auditChanges } from "#contract/audit-changes";

describe("an audit row's changes", () => {
  it("shows a state's changed fields before → after, amounts in U", () => {
    expect(auditChanges({ withdrawMin: 15000 }, { withdrawMin: 10000, feeRate: 150 }, { withdrawMin: 15000, feeRate: 150 })).toEqual([
      { field: "withdrawMin", before: "100.00", after: "150.00" },
    ]);
  });

  it("keeps what a decision said beyond the state it changed, such as a rejection's reason", () => {
    const changes = auditChanges(
      { id: 7, decision: "reject", reason: "Holder name does not match", requestId: "r-1" },
      { status: "review" },
      { status: "failed" },
    );
    expect(changes).toEqual([
      { field: "status", before: "review", after: "failed" },
      { field: "id", before: null, after: "7" },
      { field: "decision", before: null, after: "reject" },
      { field: "reason", before: null, after: "Holder name does not match" },
    ]);
  });

  it("shows a request without a state as its fields, leaving out the request id", () => {
    expect(auditChanges({ text: "hello", requestId: "r-2", empty: "" }, null, null)).toEqual([
      { field: "text", before: null, after: "hello" },
    ]);
  });
});
