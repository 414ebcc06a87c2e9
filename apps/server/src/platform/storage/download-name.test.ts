import contentDisposition from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadFileName } from './download-name.ts';

describe('downloadFileName', () => {
  it.each([
    ['Site plan', 'application/pdf', 'Site plan.pdf'],
    ['Budget v1.2', 'application/pdf', 'Budget v1.2.pdf'],
    ['photo', 'image/jpeg', 'photo.jpg'],
    ['photo.JPG', 'image/jpeg', 'photo.JPG'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['clip', 'video/mp4', 'clip.mp4'],
    ['clip', 'video/quicktime', 'clip.mov'],
    ['talk', 'audio/mpeg', 'talk.mp3'],
    ['scene', 'model/gltf-binary', 'scene.glb'],
    ['house.obj', 'text/plain', 'house.obj'],
    ['rig.fbx', 'text/plain', 'rig.fbx'],
    ['part.pla', 'text/plain', 'part.pla'],
    ['notes', 'text/plain; charset=utf-8', 'notes.txt'],
    ['blob', 'application/octet-stream', 'blob'],
    ['blob', 'application/x-unknown-thing', 'blob'],
    ['blob', undefined, 'blob'],
    ['', 'image/png', 'download.png'],
    ['  ', 'image/png', 'download.png'],
    ['../etc/passwd', 'text/plain', '.._etc_passwd.txt'],
    ['line\nbreak', 'image/png', 'line_break.png'],
  ])('%j as %s → %j', (name, type, expected) => {
    expect(downloadFileName(name, type)).toBe(expected);
  });
});

describe('attachmentDisposition', () => {
  it('quotes an ASCII name', () => {
    expect(attachmentDisposition('Site "A".pdf')).toBe('attachment; filename="Site \\"A\\".pdf"');
  });

  it('adds an ASCII fallback and filename* for other names, keeping the header ASCII', () => {
    const header = attachmentDisposition('Überblick – 東京.pdf');
    expect(header).toBe(
      `attachment; filename="Uberblick _ __.pdf"; filename*=UTF-8''%C3%9Cberblick%20%E2%80%93%20%E6%9D%B1%E4%BA%AC.pdf`,
    );
  });

  it('writes every printable ASCII name as the library does', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    const names = [
      ...printable.map((c) => `a${c}b`),
      ...printable,
      printable.join(''),
      'Photo 001.jpg thumbnail',
      '"quoted"',
      '%41',
      '50 %',
      'dir/name',
      'dir\\name',
    ];
    for (const name of names) {
      expect(attachmentDisposition(name), name).toBe(
        contentDisposition(name, { type: 'attachment', fallback: name }),
      );
    }
  });
});
