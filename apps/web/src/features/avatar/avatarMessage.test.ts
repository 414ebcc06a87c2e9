import { describe, expect, it } from 'vitest';
import {
  absoluteAvatarUrl,
  builderOrigin,
  parseAvatarMessage,
  subscribeMessage,
} from './avatarMessage.ts';

const url = 'https://models.readyplayer.me/64bfa15f0e72c63d7c3934a6.glb';
const exported = { source: 'readyplayerme', eventName: 'v1.avatar.exported', data: { url } };

describe('parseAvatarMessage', () => {
  it('reads the exported avatar from a JSON string', () => {
    expect(parseAvatarMessage(JSON.stringify(exported))).toEqual({ type: 'exported', url });
  });

  it('reads the exported avatar from an object', () => {
    expect(parseAvatarMessage(exported)).toEqual({ type: 'exported', url });
  });

  it('reads a plain .glb URL (the older builder form)', () => {
    expect(parseAvatarMessage(url)).toEqual({ type: 'exported', url });
    expect(parseAvatarMessage(`${url}?quality=high`)).toEqual({
      type: 'exported',
      url: `${url}?quality=high`,
    });
  });

  it('recognises the frame-ready event', () => {
    expect(
      parseAvatarMessage(JSON.stringify({ source: 'readyplayerme', eventName: 'v1.frame.ready' })),
    ).toEqual({ type: 'ready' });
  });

  it('ignores other sources, other events and malformed payloads', () => {
    expect(parseAvatarMessage({ ...exported, source: 'someone-else' })).toBeNull();
    expect(parseAvatarMessage({ ...exported, eventName: 'v1.user.set' })).toBeNull();
    expect(parseAvatarMessage({ ...exported, data: {} })).toBeNull();
    expect(parseAvatarMessage({ ...exported, data: null })).toBeNull();
    expect(parseAvatarMessage('{not json')).toBeNull();
    expect(parseAvatarMessage(null)).toBeNull();
    expect(parseAvatarMessage(42)).toBeNull();
    expect(parseAvatarMessage('')).toBeNull();
  });

  it('rejects URLs that are not http(s) models', () => {
    expect(parseAvatarMessage('https://models.readyplayer.me/avatar.png')).toBeNull();
    expect(parseAvatarMessage('javascript:alert(1)//.glb')).toBeNull();
    expect(parseAvatarMessage('avatar.glb')).toBeNull();
    expect(parseAvatarMessage({ ...exported, data: { url: 'javascript:alert(1)' } })).toBeNull();
  });
});

describe('builder helpers', () => {
  it('derives the origin messages must come from', () => {
    expect(builderOrigin('https://demo.readyplayer.me/avatar?frameApi')).toBe(
      'https://demo.readyplayer.me',
    );
    expect(builderOrigin('not a url')).toBeNull();
    expect(builderOrigin('javascript:void(0)')).toBeNull();
  });

  it('subscribes to every v1 event', () => {
    expect(JSON.parse(subscribeMessage)).toEqual({
      target: 'readyplayerme',
      type: 'subscribe',
      eventName: 'v1.**',
    });
  });

  it('makes a relative default avatar absolute', () => {
    expect(absoluteAvatarUrl('/content/avatar.glb', 'https://rs.example.com')).toBe(
      'https://rs.example.com/content/avatar.glb',
    );
    expect(absoluteAvatarUrl(url, 'https://rs.example.com')).toBe(url);
  });
});
