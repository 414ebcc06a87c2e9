import { NoteColors, noteMessages } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/factories.ts';
import { team } from '../../test/workspace.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';
import { noteContentErrors } from './note.ts';
import { NOTE, teamFiles } from './testing.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const yellow = NoteColors[0];

describe('note content rules', () => {
  it('accepts text up to 124 characters, 7 line breaks and each of the seven colours', () => {
    for (const color of NoteColors) {
      expect(noteContentErrors(json({ text: 'Buy milk', backgroundColor: color }))).toEqual([]);
    }
    expect(noteContentErrors(json({ text: 'x'.repeat(124), backgroundColor: yellow }))).toEqual([]);
    // Characters as the editor counts them: an emoji is one.
    expect(noteContentErrors(json({ text: '😀'.repeat(124), backgroundColor: yellow }))).toEqual(
      [],
    );
    expect(noteContentErrors(json({ text: 'a\n'.repeat(7), backgroundColor: yellow }))).toEqual([]);
    expect(noteContentErrors(json({ text: '', backgroundColor: '#a7e0a5' }))).toEqual([]);
  });

  it.each([
    ['too long', { text: 'x'.repeat(125), backgroundColor: yellow }, [noteMessages.textTooLong]],
    [
      'too many lines',
      { text: 'a\n'.repeat(8), backgroundColor: yellow },
      [noteMessages.tooManyLines],
    ],
    ['no text', { backgroundColor: yellow }, [noteMessages.textRequired]],
    ['text not a string', { text: 5, backgroundColor: yellow }, [noteMessages.textRequired]],
    ['another colour', { text: 'a', backgroundColor: '#000000' }, [noteMessages.colorInvalid]],
    ['no colour', { text: 'a' }, [noteMessages.colorInvalid]],
    [
      'an extra field',
      { text: 'a', backgroundColor: yellow, font: 'x' },
      [noteMessages.unknownField('font')],
    ],
    ['an array', [1], [noteMessages.notJson]],
    [
      'everything wrong',
      { text: 'x'.repeat(125), backgroundColor: 'red' },
      [noteMessages.textTooLong, noteMessages.colorInvalid],
    ],
  ])('refuses %s', (_name, note, errors) => {
    expect(noteContentErrors(json(note))).toEqual(errors);
  });

  it('refuses text that is not JSON and oversized files', () => {
    expect(noteContentErrors(Buffer.from('{text: "a"'))).toEqual([noteMessages.notJson]);
    expect(noteContentErrors(Buffer.alloc(5000, ' '))).toEqual([noteMessages.tooLarge]);
  });
});

describe('notes through the files API', () => {
  let t: LiveApp;
  beforeAll(async () => {
    t = await startLiveApp();
  });
  afterAll(() => t.close());
  const { create, patch, upload, file } = teamFiles(() => t);

  it('refuses a note breaking the rules with a 400 on blobUri, and writes nothing', async () => {
    const w = await team(t);
    const long = await upload(
      w.id,
      w.member,
      json({ text: 'x'.repeat(125), backgroundColor: 'blue' }),
      'application/json',
    );
    const res = await create(w.id, w.member, { name: 'Note', type: 'Note', blobUri: long });
    const problem = expectProblem(res, 400, 'blobUri');
    expect(problem.errors?.blobUri).toEqual([noteMessages.textTooLong, noteMessages.colorInvalid]);
    expect(problem.detail).toBe(noteMessages.textTooLong);
    const listed = await t.ctx.db.query.fileItems.findMany({
      where: (f, { eq }) => eq(f.organizationId, w.id),
    });
    expect(listed).toHaveLength(0);
    const big = await upload(
      w.id,
      w.member,
      Buffer.from(`{"text":"${' '.repeat(5000)}"}`),
      'application/json',
    );
    const tooBig = expectProblem(
      await create(w.id, w.member, { name: 'Note', type: 'Note', blobUri: big }),
      400,
      'blobUri',
    );
    expect(tooBig.errors?.blobUri).toEqual([noteMessages.tooLarge]);
  });

  it('checks replaced note content too, and keeps the note as it was', async () => {
    const w = await team(t);
    const note = await file(w.id, w.member, 'Note', {}, NOTE, 'application/json', 'Note');
    const bad = await upload(
      w.id,
      w.member,
      json({ text: 'a\n'.repeat(9), backgroundColor: NoteColors[2] }),
      'application/json',
    );
    const res = await patch(w.id, note.fileId, w.member, { blobUri: bad });
    expect(expectProblem(res, 400, 'blobUri').errors?.blobUri).toEqual([noteMessages.tooManyLines]);
    const good = await upload(
      w.id,
      w.member,
      json({ text: 'Call Ada', backgroundColor: NoteColors[2] }),
      'application/json',
    );
    const ok = await patch(w.id, note.fileId, w.member, { blobUri: good });
    expect(ok.status, ok.raw.body).toBe(200);
    expect(ok.body.blobUri).toBe(good);
  });
});
