/**
 * A description cut to what link previews and search results show (about 160 characters),
 * whitespace flattened, cut on a word with an ellipsis. The venue's page tags and the server's
 * first HTML of an event page use the same cut.
 */
export const metaSummary = (text: string, max = 160): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
