import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBlogPosts } from './use-blog-posts';
import {
  useDataCenters,
  useDedicatedPlans,
  useGameCatalog,
  useHomeHostingPlans,
  useHostingPlans,
  usePopularTlds,
  useSiteFacts,
  useTldPrices,
  useVdsPlans,
} from './use-catalog';
import { MAX_RATING, useTestimonials } from './use-testimonials';

const hook = <T>(use: () => T) => renderHook(use).result.current;

describe('marketing catalogue hooks', () => {
  it('give /hosting the static set and the home teaser the second set', () => {
    expect(hook(useHostingPlans).map((plan) => [plan.id, plan.price])).toEqual([
      ['starter', 2.99],
      ['business', 5.99],
      ['enterprise', 9.99],
    ]);
    expect(hook(useHomeHostingPlans).map((plan) => [plan.id, plan.price])).toEqual([
      ['basic', 4.99],
      ['pro', 9.99],
      ['business', 19.99],
    ]);
  });

  it('group game plans by game', () => {
    expect(
      hook(useGameCatalog).map((game) => [game.name, game.plans.map((plan) => `${plan.name} ${plan.slots}`)]),
    ).toEqual([
      ['Counter-Strike 2', ['CS2 Basic 16', 'CS2 Pro 32']],
      ['Minecraft', ['Minecraft Basic 20', 'Minecraft Pro 100']],
    ]);
  });

  it('give the server plans with one popular each', () => {
    expect(hook(useVdsPlans).map((plan) => plan.isPopular)).toEqual([false, true, false]);
    expect(hook(useDedicatedPlans).map((plan) => plan.price)).toEqual([99.99, 199.99, 299.99]);
  });

  it('price the popular TLDs from the TLD grid', () => {
    expect(hook(usePopularTlds)).toEqual([
      { tld: '.com', priceFrom: 9.99 },
      { tld: '.org', priceFrom: 9.99 },
      { tld: '.net', priceFrom: 9.99 },
      { tld: '.io', priceFrom: 9.99 },
    ]);
    expect(hook(useTldPrices)).toHaveLength(6);
  });

  it('give the site facts and data centres', () => {
    expect(hook(useSiteFacts)).toEqual({ uptimePercent: 99.9, supportHours: '24/7', dataCenterCount: 4 });
    expect(hook(useDataCenters).map((dc) => dc.id)).toEqual(['new-york', 'london', 'frankfurt', 'singapore']);
  });

  it('give three testimonials rated 1 to 5 and three blog posts, newest first', () => {
    const testimonials = hook(useTestimonials);
    expect(testimonials).toHaveLength(3);
    for (const item of testimonials) {
      expect(item.rating).toBeGreaterThanOrEqual(1);
      expect(item.rating).toBeLessThanOrEqual(MAX_RATING);
      expect(item.name && item.company).toBeTruthy();
    }
    const dates = hook(useBlogPosts).map((post) => post.date);
    expect(dates).toHaveLength(3);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answer the same object on every render, so pages do not re-render for nothing', () => {
    const { result, rerender } = renderHook(() => useGameCatalog());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
