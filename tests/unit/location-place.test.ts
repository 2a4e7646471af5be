import { describe, expect, it } from "vitest";

import {
  geoLink,
  mapLink,
  parsePlace,
  placeSearch,
  placeText,
  returnHref,
  sameAppPath,
  toPlaceSearch,
} from "../../src/features/location/place";

const office = { name: "Head office", address: "1 Harbour Road, Wan Chai", coords: { lat: 22.281, lng: 114.173 } };

describe("a place from the address's search", () => {
  it("reads coordinates the router parsed as numbers or left as text, rounded to six decimals", () => {
    expect(parsePlace(placeSearch({ name: "Head office", address: "1 Harbour Road, Wan Chai", lat: 22.281, lng: 114.173 }))).toEqual({
      place: office,
    });
    expect(parsePlace(placeSearch({ lat: "-33.8567844", lng: "151.2152967" }))).toEqual({
      place: { name: "", address: "", coords: { lat: -33.856784, lng: 151.215297 } },
    });
  });

  it("turns a name the router read as a number or boolean back into text", () => {
    expect(parsePlace(placeSearch({ name: 42, address: true, lat: 1, lng: 2 }))).toEqual({
      place: { name: "42", address: "true", coords: { lat: 1, lng: 2 } },
    });
  });

  it("takes a typed address without coordinates", () => {
    expect(parsePlace(placeSearch({ address: "  Unter den Linden 1, Berlin " }))).toEqual({
      place: { name: "", address: "Unter den Linden 1, Berlin", coords: null },
    });
  });

  it("says what is wrong instead of throwing", () => {
    expect(parsePlace(placeSearch({}))).toEqual({ problem: "missing" });
    expect(parsePlace(placeSearch({ name: "Only a name" }))).toEqual({ problem: "missing" });
    for (const search of [
      { lat: 91, lng: 0 },
      { lat: 0, lng: -180.01 },
      { lat: "22°17'", lng: "114" },
      { lat: "abc", lng: 1 },
      { lat: 22.281 },
      { lng: 114.173, address: "somewhere" },
      { lat: [1, 2], lng: 3 },
      { lat: "1e2", lng: "3" },
    ])
      expect(parsePlace(placeSearch(search)), JSON.stringify(search)).toEqual({ problem: "coordinates" });
    expect(parsePlace(placeSearch({ name: "x".repeat(201), lat: 1, lng: 2 }))).toEqual({ problem: "text" });
    expect(parsePlace(placeSearch({ address: { street: "x" } }))).toEqual({ problem: "text" });
    expect(parsePlace(placeSearch({ address: "line\u0000two" }))).toEqual({ problem: "text" });
  });

  it("keeps only the place's fields", () => {
    expect(placeSearch({ lat: 1, lng: 2, returnTo: "/x", other: "y" })).toEqual({ lat: 1, lng: 2 });
  });
});

describe("links to the place", () => {
  it("builds a geo: URI with the label and an openstreetmap.org marker link", () => {
    expect(geoLink(office)).toBe("geo:22.281,114.173?q=22.281,114.173(Head%20office)");
    expect(mapLink(office)).toBe("https://www.openstreetmap.org/?mlat=22.281&mlon=114.173#map=16/22.281/114.173");
  });

  it("labels with the address when the place has no name, and leaves the label out when it has neither", () => {
    expect(geoLink({ ...office, name: "" })).toBe("geo:22.281,114.173?q=22.281,114.173(1%20Harbour%20Road%2C%20Wan%20Chai)");
    expect(geoLink({ name: "", address: "", coords: { lat: -1.5, lng: 2 } })).toBe("geo:-1.5,2?q=-1.5,2");
  });

  it("searches for an address that has no coordinates", () => {
    const typed = { name: "", address: "Unter den Linden 1 & 2, Berlin", coords: null };
    expect(geoLink(typed)).toBe("geo:0,0?q=Unter%20den%20Linden%201%20%26%202%2C%20Berlin");
    expect(mapLink(typed)).toBe("https://www.openstreetmap.org/search?query=Unter%20den%20Linden%201%20%26%202%2C%20Berlin");
  });

  it("copies name, address and coordinates, one a line", () => {
    expect(placeText(office)).toBe("Head office\n1 Harbour Road, Wan Chai\n22.281, 114.173");
    expect(placeText({ name: "", address: "Somewhere", coords: null })).toBe("Somewhere");
  });

  it("carries a place in a link's search and reads it back the same", () => {
    expect(toPlaceSearch(office)).toEqual({ name: "Head office", address: "1 Harbour Road, Wan Chai", lat: 22.281, lng: 114.173 });
    expect(parsePlace(placeSearch(toPlaceSearch(office) as Record<string, unknown>))).toEqual({ place: office });
  });
});

describe("returning the chosen place", () => {
  it("accepts only paths of this app", () => {
    expect(sameAppPath("/open-location")).toBe("/open-location");
    expect(sameAppPath("/pages/about/list?kind=company")).toBe("/pages/about/list?kind=company");
    for (const value of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "pages/user/user",
      "",
      42,
      undefined,
      "/x\n",
      `/${"a".repeat(600)}`,
    ])
      expect(sameAppPath(value), String(value)).toBeNull();
  });

  it("puts the place in the caller's search, replacing a place it carried, keeping its other values", () => {
    expect(returnHref("/pages/about/list?kind=company&lat=1", office)).toBe(
      "/pages/about/list?kind=company&name=Head+office&address=1+Harbour+Road%2C+Wan+Chai&lat=22.281&lng=114.173",
    );
    expect(returnHref("/open-location?name=Old", { name: "", address: "", coords: { lat: 1, lng: 2 } })).toBe("/open-location?lat=1&lng=2");
  });
});
