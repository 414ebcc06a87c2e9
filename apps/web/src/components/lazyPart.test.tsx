// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, preloadOn } from './lazyPart.ts';

const Part = ({ text }: { text: string }) => <p>{text}</p>;

describe('lazyPart (a dialog or viewer loaded when first shown)', () => {
  it('loads its module once, whether preloaded, rendered or both', async () => {
    const load = vi.fn(async () => ({ Part }));
    const Lazy = lazyPart(load, 'Part');
    expect(load).not.toHaveBeenCalled();
    Lazy.preload();
    Lazy.preload();
    render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy text="shown" />
      </Suspense>,
    );
    expect(await screen.findByText('shown')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until the code is there', async () => {
    let arrive!: (m: { Part: typeof Part }) => void;
    const Lazy = lazyPart(() => new Promise<{ Part: typeof Part }>((r) => (arrive = r)), 'Part');
    render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy text="shown" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    arrive({ Part });
    expect(await screen.findByText('shown')).toBeInTheDocument();
  });

  it('tries a failed preload again at the next one', async () => {
    const load = vi
      .fn<() => Promise<{ Part: typeof Part }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Part });
    const Lazy = lazyPart(load, 'Part');
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // Once the load has failed (lazyPart heard of it first), the next preload tries again.
    await expect(load.mock.results[0]!.value).rejects.toThrow('offline');
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads on the pointer entering or focus', () => {
    const preload = vi.fn();
    expect(preloadOn(preload)).toEqual({ onPointerEnter: preload, onFocus: preload });
  });
});
