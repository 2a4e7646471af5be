import { act, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useTextFits } from "@/features/trading/use-text-fits";

import { renderedRoot } from "./rendered-root";

const act_ = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
act_.IS_REACT_ACT_ENVIRONMENT = true;

/** every text is 10 px a character wide in this test's font */
const CHARACTER_PX = 10;

/** A ResizeObserver the test tells when to report, as the browser would after a layout. */
class ToldObserver {
  static made: ToldObserver[] = [];
  target: Element | null = null;
  constructor(private readonly callback: ResizeObserverCallback) {
    ToldObserver.made.push(this);
  }
  observe(target: Element) {
    this.target = target;
  }
  unobserve() {}
  disconnect() {
    this.target = null;
  }
  /** the browser's report of the box's content width, outside React as the real one comes */
  report(width: number) {
    const entry = { target: this.target!, contentRect: { width } as DOMRectReadOnly } as ResizeObserverEntry;
    act_.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      this.callback([entry], this as unknown as ResizeObserver);
    } finally {
      act_.IS_REACT_ACT_ENVIRONMENT = true;
    }
  }
}

/** The head's use: the name when it fits beside a 16 px caret, its code when not. */
function ProductName({ name, code, width }: { name: string; code: string; width?: number }) {
  const box = useRef<HTMLHeadingElement>(null);
  const fits = useTextFits(box, name, 16, width);
  return <h1 ref={box}>{fits ? name : code}</h1>;
}

/** Counts every read that makes the browser lay the page out (or compute its style) there and then. */
function countLayoutReads() {
  const reads: string[] = [];
  const getters: Array<[object, string[]]> = [
    [HTMLElement.prototype, ["clientWidth", "clientHeight", "offsetWidth", "offsetHeight"]],
    [Element.prototype, ["scrollWidth", "scrollHeight"]],
  ];
  for (const [prototype, names] of getters) {
    for (const name of names) {
      const original = Object.getOwnPropertyDescriptor(prototype, name)!.get!;
      vi.spyOn(prototype as Record<string, number>, name, "get").mockImplementation(function (this: Element) {
        reads.push(name);
        return original.call(this) as number;
      });
    }
  }
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    reads.push("getBoundingClientRect");
    return rect.call(this);
  });
  const style = window.getComputedStyle.bind(window);
  vi.spyOn(window, "getComputedStyle").mockImplementation((element, pseudo) => {
    reads.push("getComputedStyle");
    return style(element, pseudo);
  });
  return reads;
}

describe("whether a product's name fits the trade head", () => {
  const dom = renderedRoot();
  beforeEach(() => {
    ToldObserver.made = [];
    vi.stubGlobal("ResizeObserver", ToldObserver);
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
      font: "",
      measureText: (text: string) => ({ width: text.length * CHARACTER_PX }),
    } as unknown as CanvasRenderingContext2D);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const shown = () => dom.host.querySelector("h1")!.textContent;

  it("reads no layout while the screen opens: it waits for the box's observer", () => {
    const reads = countLayoutReads();
    act(() => dom.root.render(<ProductName name="Palladium XPD/USD" code="XPD/USD" />));
    expect(reads).toEqual([]);
    expect(ToldObserver.made.at(-1)!.target).toBe(dom.host.querySelector("h1"));
  });

  it("decides on the observer's first report and commits at once, before the browser paints", () => {
    act(() => dom.root.render(<ProductName name="Palladium XPD/USD" code="XPD/USD" />));
    // 17 characters (170 px) and the caret's 16 px do not fit 120 px: the code, already in the document when the
    // observer's callback returns (the paint that follows it shows the code, never the long name)
    ToldObserver.made.at(-1)!.report(120);
    expect(shown()).toBe("XPD/USD");
    // a wider box (the phone turned): the name again
    ToldObserver.made.at(-1)!.report(186);
    expect(shown()).toBe("Palladium XPD/USD");
  });

  it("takes a given width over the box's", () => {
    act(() => dom.root.render(<ProductName name="Palladium XPD/USD" code="XPD/USD" width={100} />));
    ToldObserver.made.at(-1)!.report(400);
    expect(shown()).toBe("XPD/USD");
  });

  it("measures a new name on its own observer, and stops observing when it goes", () => {
    act(() => dom.root.render(<ProductName name="Palladium XPD/USD" code="XPD/USD" />));
    const first = ToldObserver.made.at(-1)!;
    first.report(120);
    act(() => dom.root.render(<ProductName name="DOGE/USDT" code="DOGEUSDT" />));
    expect(first.target).toBeNull();
    ToldObserver.made.at(-1)!.report(120);
    expect(shown()).toBe("DOGE/USDT");
  });
});
