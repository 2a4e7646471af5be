import { afterEach, describe, expect, it } from "vitest";

import { CUE_NOTES, CUE_VIBRATION, playResultCue, readResultSound, resetResultCue, writeResultSound } from "@/ui/result-cue";

/** An AudioContext that records the notes started on it. */
function recordingAudio() {
  const notes: Array<{ frequency: number; start: number; stop: number }> = [];
  const param = () => ({ setValueAtTime() {}, linearRampToValueAtTime() {} });
  class FakeContext {
    state = "running";
    currentTime = 5;
    destination = {};
    async resume() {}
    createGain() {
      const node = { gain: param(), connect: (next: unknown) => next };
      return node;
    }
    createOscillator() {
      const note = { frequency: 0, start: 0, stop: 0 };
      return {
        type: "",
        frequency: { setValueAtTime: (value: number) => (note.frequency = value) },
        connect: (next: unknown) => next,
        start: (at: number) => ((note.start = at), notes.push(note)),
        stop: (at: number) => (note.stop = at),
      };
    }
  }
  return { notes, AudioContext: FakeContext as unknown as new () => AudioContext };
}

afterEach(() => {
  resetResultCue();
  localStorage.clear();
});

describe("the result cue", () => {
  it("plays a short tone per result and vibrates where the device can", () => {
    const audio = recordingAudio();
    const buzzes: number[][] = [];
    playResultCue("win", { AudioContext: audio.AudioContext, vibrate: (pattern) => (buzzes.push(pattern), true) });
    expect(audio.notes.map((note) => note.frequency)).toEqual(CUE_NOTES.win);
    expect(Math.max(...audio.notes.map((note) => note.stop)) - Math.min(...audio.notes.map((note) => note.start))).toBeLessThan(0.35);
    expect(buzzes).toEqual([CUE_VIBRATION.win]);
    resetResultCue();
    const lossAudio = recordingAudio();
    playResultCue("loss", { AudioContext: lossAudio.AudioContext });
    expect(lossAudio.notes.map((note) => note.frequency)).toEqual(CUE_NOTES.loss);
  });

  it("stays silent and still once turned off, and plays again once turned on", () => {
    expect(readResultSound()).toBe(true);
    writeResultSound(false);
    expect(readResultSound()).toBe(false);
    const audio = recordingAudio();
    const buzzes: number[][] = [];
    const device = { AudioContext: audio.AudioContext, vibrate: (pattern: number[]) => (buzzes.push(pattern), true) };
    playResultCue("win", device);
    expect(audio.notes).toEqual([]);
    expect(buzzes).toEqual([]);
    writeResultSound(true);
    playResultCue("tie", device);
    expect(audio.notes.map((note) => note.frequency)).toEqual(CUE_NOTES.tie);
  });

  it("shows the card without sound on a device with neither audio nor vibration", () => {
    expect(() => playResultCue("loss", {})).not.toThrow();
  });
});
