import { describe, expect, it } from "vitest";

import { invitationLink } from "../../src/features/invites/api";

describe("invitation link", () => {
  it("is built from the page's host with an h5. prefix and lands on registration with the code", () => {
    expect(invitationLink("AB12CD", { protocol: "https:", host: "example.com" })).toBe(
      "https://h5.example.com/h5/#/pages/login/register?code=AB12CD",
    );
    expect(invitationLink("AB12CD", { protocol: "http:", host: "h5.example.com:8080" })).toBe(
      "http://h5.example.com:8080/h5/#/pages/login/register?code=AB12CD",
    );
  });
});
