import { act } from "react";
import { describe, expect, it } from "vitest";

import { Outcome } from "../../console/QueuePage";
import { renderInConsole } from "./console-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const desk = { id: 1, username: "clara", role: "finance", pending: null } as const;

describe("a reviewed request's outcome in the queues", () => {
  it("names the status as the status filter does, not the stored word, with the reason after it", async () => {
    const { host, root } = await renderInConsole(
      <>
        <Outcome status="success" reason={null} />|<Outcome status="failed" reason="Holder name does not match" />
      </>,
      desk,
    );
    expect(host.textContent).toBe("Approved|Rejected — Holder name does not match");
    act(() => root.unmount());
  });
});
