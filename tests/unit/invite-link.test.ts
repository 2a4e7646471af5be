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

  it("keeps the page's own host when it is an address, which has no h5. subdomain", () => {
    for (const host of ["127.0.0.1:8080", "192.168.1.20", "[::1]:8080", "[2001:db8::7]", "localhost:8080"])
      expect(invitationLink("AB12CD", { protocol: "http:", host }), host).toBe(`http://${host}/h5/#/pages/login/register?code=AB12CD`);
  });
});
