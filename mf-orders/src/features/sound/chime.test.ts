import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHIME_PATTERNS, createChime, type ChimeAudioContext } from './chime';

/** A stand-in AudioContext that records what would be played. */
function fakeContext(initial: AudioContextState) {
  const played: { hz: number; start: number }[] = [];
  let resumed = 0;
  const ctx = {
    state: initial,
    currentTime: 10,
    destination: {} as AudioNode,
    async resume() {
      resumed += 1;
      ctx.state = 'running';
    },
    createOscillator() {
      let hz = 0;
      return {
        type: 'sine' as OscillatorType,
        frequency: { setValueAtTime: (v: number) => (hz = v) } as unknown as AudioParam,
        connect: (() => undefined) as never,
        start: (at?: number) => played.push({ hz, start: at ?? 0 }),
        stop: () => undefined,
      };
    },
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined } as unknown as AudioParam,
        connect: (() => undefined) as never,
      };
    },
  };
  return { ctx: ctx as ChimeAudioContext & { state: AudioContextState }, played, resumed: () => resumed };
}

describe('the shop chime (requirements#sounds)', () => {
  afterEach(() => vi.useRealTimers());

  it('stays silent until a user gesture unlocks sound, then plays the rising order signal', async () => {
    const fake = fakeContext('suspended');
    const chime = createChime(() => fake.ctx);
    expect(chime.play('order')).toBe(false);
    expect(fake.played).toEqual([]);
    expect(chime.blocked()).toBe(true);
    expect(await chime.unlock()).toBe(true);
    expect(chime.blocked()).toBe(false);
    expect(fake.resumed()).toBe(1);
    expect(chime.ready).toBe(true);
    expect(chime.play('order')).toBe(true);
    expect(fake.played.map((p) => p.hz)).toEqual([...CHIME_PATTERNS.order]);
    expect(fake.played[1]!.start).toBeGreaterThan(fake.played[0]!.start);
  });

  it('a drinks-only order sounds different from an order with food', () => {
    const fake = fakeContext('running');
    const chime = createChime(() => fake.ctx);
    chime.play('drinks');
    expect(fake.played.map((p) => p.hz)).toEqual([...CHIME_PATTERNS.drinks]);
    expect(CHIME_PATTERNS.drinks).not.toEqual(CHIME_PATTERNS.order);
  });

  it('the order-ready signal repeats 5 times, 2 s apart, and stops when asked', async () => {
    vi.useFakeTimers();
    const fake = fakeContext('running');
    const chime = createChime(() => fake.ctx);
    const count = () => fake.played.length / CHIME_PATTERNS.ready.length;
    chime.repeat('ready', 5, 2_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(count()).toBe(1);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(count()).toBe(5);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count()).toBe(5);

    const stop = chime.repeat('ready', 5, 2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count()).toBe(7);
  });

  it('creates one audio context and does not resume a running one', () => {
    let made = 0;
    const fake = fakeContext('running');
    const chime = createChime(() => (made++, fake.ctx));
    void chime.unlock();
    chime.play('order');
    chime.play('order');
    expect(made).toBe(1);
    expect(fake.resumed()).toBe(0);
  });

  it('is silent without Web Audio', () => {
    const chime = createChime(() => null);
    void chime.unlock();
    expect(chime.play('ready')).toBe(false);
    expect(chime.ready).toBe(false);
  });
});
