import { describe, expect, it } from 'vitest';
import { linkOf } from './links';

describe('linkOf: what a document write does to a to-one link', () => {
  it('leaves the link alone when the write does not name it, or only says what it keeps', () => {
    expect(linkOf(undefined)).toBeUndefined();
    expect(linkOf({ connect: [], disconnect: [] })).toBeUndefined();
  });

  it('clears it with null, an empty list, an empty set or a disconnect alone', () => {
    expect(linkOf(null)).toBeNull();
    expect(linkOf([])).toBeNull();
    expect(linkOf({ set: [] })).toBeNull();
    expect(linkOf({ connect: [], disconnect: [{ id: 4, documentId: 'abc' }] })).toBeNull();
  });

  it('reads every shape Strapi takes, the last target winning', () => {
    expect(linkOf(5)).toEqual({ id: 5 });
    expect(linkOf('12')).toEqual({ id: 12 });
    expect(linkOf('k3v9x2')).toEqual({ documentId: 'k3v9x2' });
    expect(linkOf({ documentId: 'k3v9x2' })).toEqual({ documentId: 'k3v9x2' });
    expect(linkOf([1, 'k3v9x2'])).toEqual({ documentId: 'k3v9x2' });
    expect(linkOf({ set: [{ id: 2 }] })).toEqual({ id: 2 });
    // The Content Manager changing the link: disconnects the old one and connects the new one.
    expect(linkOf({ connect: [{ id: 7, documentId: 'new', position: { end: true } }], disconnect: [{ id: 4 }] })).toEqual({
      id: 7,
      documentId: 'new',
    });
    // A media field as the Content Manager sends it: the whole file object.
    expect(linkOf({ id: 9, documentId: 'file', url: '/uploads/a.jpg', mime: 'image/jpeg' })).toEqual({ id: 9, documentId: 'file' });
  });
});
