import { describe, expect, it } from 'vitest';
import { fullCardPoints, isStampCardFull, stampPointsForOrder, stampScore, stampSlots, stampsShown } from './stamps';

describe('stamp display (requirements#checkout-behaviour)', () => {
  it('shows no stamp for a score of 0 (or a broken negative score)', () => {
    expect(stampsShown(0)).toBe(0);
    expect(stampsShown(-5)).toBe(0);
    expect(stampsShown(Number.NaN)).toBe(0);
  });

  it('shows 1 stamp for any score below 20', () => {
    expect(stampsShown(1)).toBe(1);
    expect(stampsShown(9)).toBe(1);
    expect(stampsShown(10)).toBe(1);
    expect(stampsShown(19)).toBe(1);
  });

  it('shows floor(score / 10) from 20 on', () => {
    expect(stampsShown(20)).toBe(2);
    expect(stampsShown(29)).toBe(2);
    expect(stampsShown(73)).toBe(7);
    expect(stampsShown(99)).toBe(9);
  });

  it('caps at 10 stamps', () => {
    expect(stampsShown(100)).toBe(10);
    expect(stampsShown(1000)).toBe(10);
  });

  it('fills 10 slots from the left', () => {
    expect(stampSlots(0)).toEqual(Array(10).fill(false));
    expect(stampSlots(35)).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(stampSlots(500).every(Boolean)).toBe(true);
  });

  it('is full with 10 stamps', () => {
    expect(isStampCardFull(99)).toBe(false);
    expect(isStampCardFull(100)).toBe(true);
  });

  it('earns one point per whole euro of an order', () => {
    expect(stampPointsForOrder(0)).toBe(0);
    expect(stampPointsForOrder(99)).toBe(0);
    expect(stampPointsForOrder(1999)).toBe(19);
    expect(stampPointsForOrder(2000)).toBe(20);
  });

  it('a full card stands for 100 points; redeeming it leaves the rest', () => {
    expect(fullCardPoints()).toBe(100);
    expect(isStampCardFull(fullCardPoints())).toBe(true);
    expect(stampScore(137, fullCardPoints())).toBe(37);
    expect(stampsShown(stampScore(137, fullCardPoints()))).toBe(3);
    expect(stampScore(20, 100)).toBe(0);
  });
});
