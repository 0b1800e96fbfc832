import { describe, expect, it } from 'vitest';
import { leavesLinkAlone, linkOf, manyLinksOf } from './links';

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

describe('manyLinksOf: what a document write does to a to-many link', () => {
  it('leaves it alone when the write does not name it, or sends the empty change the Content Manager sends', () => {
    expect(manyLinksOf(undefined)).toBeUndefined();
    expect(manyLinksOf({ connect: [], disconnect: [] })).toBeUndefined();
  });

  it('sets the list from shorthand, a set, or null', () => {
    expect(manyLinksOf([3, 'k3v9x2'])).toEqual({ set: [{ id: 3 }, { documentId: 'k3v9x2' }] });
    expect(manyLinksOf({ set: [{ id: 2 }] })).toEqual({ set: [{ id: 2 }] });
    expect(manyLinksOf(null)).toEqual({ set: [] });
    expect(manyLinksOf([])).toEqual({ set: [] });
  });

  it('reads connect and disconnect, and answers null for a shape it cannot read', () => {
    expect(manyLinksOf({ connect: [{ id: 7, position: { end: true } }], disconnect: [{ documentId: 'old' }] })).toEqual({
      connect: [{ id: 7 }],
      disconnect: [{ documentId: 'old' }],
    });
    expect(manyLinksOf({ connect: [{ name: 'x' }] })).toBeNull();
    expect(manyLinksOf([true])).toBeNull();
  });
});

describe('leavesLinkAlone', () => {
  it('is true only for nothing sent or an empty connect and disconnect', () => {
    expect(leavesLinkAlone(undefined)).toBe(true);
    expect(leavesLinkAlone({ connect: [], disconnect: [] })).toBe(true);
    expect(leavesLinkAlone({ connect: [{ id: 1 }], disconnect: [] })).toBe(false);
    expect(leavesLinkAlone([])).toBe(false);
    expect(leavesLinkAlone(null)).toBe(false);
    expect(leavesLinkAlone(4)).toBe(false);
  });
});
