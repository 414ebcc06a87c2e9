import type { Tutorial } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { isPlayableVideo, resolveAgainst, webTutorials } from './tutorials.ts';

const video = (title: string, orderId: number, deviceTypes: string[]) => ({
  title,
  orderId,
  deviceTypes,
  v2Thumbnail: `/t/${title}.svg`,
  video: `/v/${title}.mp4`,
});

describe('webTutorials', () => {
  const list: Tutorial[] = [
    { title: 'B', orderId: 2, videos: [video('b2', 2, ['WEB']), video('b1', 1, ['QUEST', 'WEB'])] },
    { title: 'VR only', orderId: 0, videos: [video('vr', 1, ['QUEST'])] },
    {
      title: 'A',
      orderId: 1,
      videos: [video('a3', 3, ['WEB']), video('aq', 1, ['QUEST']), video('a1', 2, ['WEB'])],
    },
    { title: 'Empty', orderId: 3, videos: [] },
  ];

  it('keeps web videos only, drops sections left empty, sorts sections and videos by orderId', () => {
    const out = webTutorials(list);
    expect(out.map((s) => s.title)).toEqual(['A', 'B']);
    expect(out[0]!.videos.map((v) => v.title)).toEqual(['a1', 'a3']);
    expect(out[1]!.videos.map((v) => v.title)).toEqual(['b1', 'b2']);
  });

  it('does not change the list it was given', () => {
    const copy = structuredClone(list);
    webTutorials(list);
    expect(list).toEqual(copy);
  });

  it('gives nothing for nothing', () => {
    expect(webTutorials([])).toEqual([]);
  });
});

describe('resolveAgainst', () => {
  it('resolves paths against the list URL, which may itself be relative', () => {
    expect(resolveAgainst('/tutorials/a.svg', '/api/Content/tutorials', 'https://app.test')).toBe(
      'https://app.test/tutorials/a.svg',
    );
    expect(
      resolveAgainst('img/a.png', 'https://cdn.test/content/list.json', 'https://app.test'),
    ).toBe('https://cdn.test/content/img/a.png');
    expect(
      resolveAgainst('https://x.test/v.mp4', '/api/Content/tutorials', 'https://app.test'),
    ).toBe('https://x.test/v.mp4');
  });
});

describe('isPlayableVideo', () => {
  it('tells media files from pages', () => {
    expect(isPlayableVideo('/tutorials/welcome.webm')).toBe(true);
    expect(isPlayableVideo('https://cdn.test/a/b.MP4?token=1')).toBe(true);
    expect(isPlayableVideo('https://support.test/tutorials/scheduling')).toBe(false);
    expect(isPlayableVideo('https://support.test/video.mp4.html')).toBe(false);
  });
});
